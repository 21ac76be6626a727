/**
 * An optional due date: a button that opens a month calendar (react-day-picker) in a popover,
 * and a Clear button once a day is chosen. Keyboard: the calendar's arrow keys, Enter, Escape.
 * Days before today cannot be chosen: a task is due today or later.
 */
import { useState } from 'react';
import { CalendarIcon, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';
import { DATE_FORMAT } from '../lib/task-format';
import { format, startOfToday } from 'date-fns';

export function DueDatePicker({
  value,
  onChange,
  ...triggerProps
}: {
  value: Date | undefined;
  onChange: (date: Date | undefined) => void;
  id?: string;
  'aria-describedby'?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex gap-2">
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            type="button"
            variant="outline"
            className={cn('min-w-0 flex-1 justify-start font-normal', !value && 'text-muted-foreground')}
            {...triggerProps}
          >
            <CalendarIcon aria-hidden="true" />
            {value ? format(value, DATE_FORMAT) : 'Pick a due date'}
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-auto p-0" align="start">
          <Calendar
            mode="single"
            selected={value}
            defaultMonth={value}
            disabled={{ before: startOfToday() }}
            // The name starts with the number the button shows ('15, Sunday, November 15th, 2026'),
            // so a voice-control user saying what they see reaches it (WCAG 2.5.3).
            labels={{ labelDayButton: (date, modifiers) => `${date.getDate()}, ${format(date, 'PPPP')}${modifiers.selected ? ', selected' : ''}` }}
            onSelect={(date) => {
              onChange(date);
              setOpen(false);
            }}
            autoFocus
          />
        </PopoverContent>
      </Popover>
      {value ? (
        <Button type="button" variant="ghost" size="icon" onClick={() => onChange(undefined)} aria-label="Clear due date" title="Clear due date">
          <X aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}
