// Placeholder: the audits engineer replaces this page (spec part 1 "Audit detail").
import ComingSoonPage from '@/components/ComingSoonPage';

export default function AuditDetailPage({ id }: { id: string }) {
  return <ComingSoonPage title={`Audit ${id}`} />;
}
