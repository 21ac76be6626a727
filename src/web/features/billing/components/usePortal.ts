/**
 * 'Manage Billing' (spec part 2 "Billing screen", section 8): opens the provider's billing portal,
 * or says why it cannot.
 */
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ApiError, errorMessage } from '@/lib/api';
import { createPortalSession } from '../api/billing';

const PORTAL_UNAVAILABLE = 'Customer portal is not configured. Please contact support to manage your billing.';

export function usePortal(portalAvailable: boolean) {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    if (!portalAvailable) {
      toast.error('Portal Unavailable', { description: PORTAL_UNAVAILABLE });
      return;
    }
    setOpening(true);
    try {
      const answer = await createPortalSession();
      if (!answer?.url) {
        toast.error('No portal URL received');
        return;
      }
      window.location.assign(answer.url);
    } catch (error) {
      if (error instanceof ApiError && error.status === 503) toast.error('Portal Unavailable', { description: PORTAL_UNAVAILABLE });
      else toast.error('Error', { description: errorMessage(error) });
    } finally {
      setOpening(false);
    }
  };
  return { open, opening };
}
