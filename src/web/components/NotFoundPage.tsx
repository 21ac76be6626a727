import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useDocumentTitle } from '@/components/PageHeader';

/** Any path the router does not know, signed in or out (spec part 1 section 2). */
export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="flex min-h-[60svh] w-full flex-1 items-center justify-center p-4">
      <Card className="w-full max-w-md">
        <CardContent>
          <div className="mb-4 flex gap-2">
            <AlertCircle className="text-destructive size-8 shrink-0" aria-hidden="true" />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="text-muted-foreground mt-4 text-sm">Did you forget to add the page to the router?</p>
          <Button variant="outline" size="sm" className="mt-6" asChild>
            <Link href="/">Go to the home page</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
