import ComingSoonPage from '@/components/ComingSoonPage';

export default function ProductsPage() {
  return <ComingSoonPage title="Products" />;
}
