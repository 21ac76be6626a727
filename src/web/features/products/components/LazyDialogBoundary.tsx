import { Component, type ReactNode } from 'react';
import { toast } from '@/lib/toast';

/**
 * Around the dialogs the page loads on demand: if a dialog's code cannot be fetched (the app was
 * rebuilt or redeployed while the tab was open, or the network dropped), the page stays usable
 * and the user is told to reload, instead of the whole screen going blank.
 */
export class LazyDialogBoundary extends Component<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
    toast.error('Could not open the dialog', { description: 'StockTally may have been updated. Reload the page and try again.' });
    this.props.onError();
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
