import { Component, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * Catches a failure to load the wizard's code (a new version was deployed while the page was
 * open, or the network dropped), so that it fails in the dialog and not the whole app.
 */
export class WizardLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="grid justify-items-center gap-3 py-10 text-center text-sm">
        <p>The audit wizard could not be loaded. Reload the page to get the latest version.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    );
  }
}
