// Placeholder: the audits engineer replaces this page (spec part 1 "Audit list").
import ComingSoonPage from '@/components/ComingSoonPage';

export default function AuditsPage() {
  return <ComingSoonPage title="Active Audits" />;
}
