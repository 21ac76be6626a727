import { Construction } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/PageHeader';

/** Pages that only say 'coming soon' (spec part 1 section 2, part 2 "Placeholder pages"). */
export default function ComingSoonPage({ title }: { title: string }) {
  return (
    <div className="flex flex-1 flex-col gap-6 p-4 md:p-6">
      <PageHeader title={title} />
      <Card className="max-w-xl">
        <CardHeader>
          <div className="bg-muted mb-2 flex size-10 items-center justify-center rounded-lg">
            <Construction className="text-muted-foreground size-5" aria-hidden="true" />
          </div>
          <CardTitle>Coming soon</CardTitle>
          <CardDescription>{title} is coming soon. Check back later.</CardDescription>
        </CardHeader>
        <CardFooter>
          <Button variant="outline" size="sm" asChild>
            <Link href="/">Back to Dashboard</Link>
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
