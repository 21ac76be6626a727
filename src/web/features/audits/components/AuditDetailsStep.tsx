/**
 * Wizard step 'Audit Details' (spec part 1 section 5): 'Audit Name *' required (trimmed
 * non-empty), Section optional. Validated with the request's own schema.
 */
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowRight } from 'lucide-react';
import { createAuditBodySchema } from '../../../../contracts/audits';
import { FormField } from '@/components/FormField';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

const detailsSchema = createAuditBodySchema.pick({ name: true, section: true });

export interface AuditDetails {
  name: string;
  section: string;
}

export function AuditDetailsStep({
  defaultValues,
  onCancel,
  onNext,
  onDirtyChange,
}: {
  defaultValues: AuditDetails;
  onCancel: () => void;
  onNext: (details: AuditDetails) => void;
  /** Told whether anything was typed (the wizard asks before it is closed then). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const form = useForm({ resolver: zodResolver(detailsSchema), defaultValues });
  const { errors, isDirty } = form.formState;
  useEffect(() => {
    if (isDirty) onDirtyChange?.(true);
  }, [isDirty, onDirtyChange]);
  const onSubmit = form.handleSubmit((values) => onNext({ name: values.name, section: values.section ?? '' }));

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Audit details">
      <FormField
        label={
          <span>
            Audit Name<span aria-hidden="true"> *</span>
          </span>
        }
        error={errors.name?.message}
      >
        <Input
          autoFocus
          aria-required="true"
          placeholder="e.g. Year-end count 2025"
          // Told at once, in the keystroke's own event: an Escape right after typing already asks.
          {...form.register('name', { onChange: (e: { target: { value: string } }) => e.target.value !== '' && onDirtyChange?.(true) })}
        />
      </FormField>
      <FormField label="Section" hint="Optional: the area counted, e.g. Aisle 4 or Back store." error={errors.section?.message}>
        <Input placeholder="e.g. Aisle 4" {...form.register('section')} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">
          Next
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}
