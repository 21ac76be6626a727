import { useEffect, type ReactNode } from 'react';

/** Title, optional subtitle and actions at the top of a signed-in page. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="text-muted-foreground mt-1 text-sm">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** Names the browser tab (and what screen readers announce) after the page. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · StockTally`;
    return () => {
      document.title = 'StockTally';
    };
  }, [title]);
}
