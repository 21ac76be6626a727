/**
 * The Assign Audit Task dialog belongs to the tasks feature; the app composes it into the New
 * Audit dialog through this slot (features do not import each other). The dialog is open while
 * rendered and calls `onClose(true)` once the task is created, `onClose(false)` when cancelled.
 */
import type { ComponentType } from 'react';

export interface AssignTaskDialogProps {
  audit: { id: string; name: string };
  onClose: (assigned: boolean) => void;
}

export type AssignTaskDialogComponent = ComponentType<AssignTaskDialogProps>;
