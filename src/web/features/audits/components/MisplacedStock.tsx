/**
 * The 'Misplaced Stock' part of a location audit's results (DESIGN.md section 13): products found
 * here whose catalogue location is another, 'found in A, belongs in B', with the proposed move
 * 'Move N from A to B' where the latest audit of B shows them short, or why there is none. A
 * card with the moves above the tabs (`ProposedMovesCard`); the list in its tab, a table from
 * 768 px on, cards on a phone.
 */
import { Link } from 'wouter';
import { ArrowRightLeft } from 'lucide-react';
import type { MisplacedItem, MisplacedStock } from '../../../../contracts/misplaced-stock';
import { misplacedText, moveText, noMoveReason } from '../../../../domain/misplaced-stock';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PhoneCard, PhoneCardList, WideTable } from '@/components/PhoneCards';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

const units = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'unit' : 'units'}`;

/** The moves in one line: '2 proposed moves, 7 units'. */
function movesLine(stock: MisplacedStock): string {
  return `${stock.moves.toLocaleString()} proposed ${stock.moves === 1 ? 'move' : 'moves'}, ${units(stock.unitsToMove)}`;
}

/** Above the result tabs when anything is misplaced: how much, and a way to the list. */
export function ProposedMovesCard({ stock, onOpen }: { stock: MisplacedStock; onOpen: () => void }) {
  return (
    <Card className="gap-1 py-4">
      <CardContent className="flex flex-col gap-3 px-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <p className="text-muted-foreground text-sm">Misplaced Stock</p>
          <p className="text-lg font-semibold tabular-nums">
            {stock.items.length.toLocaleString()} {stock.items.length === 1 ? 'product belongs' : 'products belong'} elsewhere · {movesLine(stock)}
          </p>
          <p className="text-muted-foreground text-xs">
            {stock.moves > 0
              ? `Found in ${stock.location}, short in their home location's latest audit: stock to move back, not shrinkage.`
              : `Found in ${stock.location}; none is short in its home location's latest audit.`}
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onOpen} className="self-start sm:self-center">
          <ArrowRightLeft aria-hidden="true" />
          View misplaced stock
        </Button>
      </CardContent>
    </Card>
  );
}

function Product({ item }: { item: MisplacedItem }) {
  return (
    <div className="grid min-w-40 gap-0.5">
      <span className="font-mono text-xs font-medium">{item.sku}</span>
      <span className="text-muted-foreground line-clamp-2 text-xs">{item.productName ?? 'Unknown'}</span>
    </div>
  );
}

function HomeAudit({ item }: { item: MisplacedItem }) {
  if (item.homeAudit === null) return <span className="text-muted-foreground">None</span>;
  return (
    <Link href={`/audits/${item.homeAudit.id}`} className="underline underline-offset-2">
      {item.homeAudit.name}
    </Link>
  );
}

function Proposal({ item }: { item: MisplacedItem }) {
  const move = moveText(item);
  if (move !== null) return <span className="font-medium text-green-800">{move}</span>;
  return <span className="text-muted-foreground">{noMoveReason(item)}</span>;
}

export function MisplacedStockList({ stock }: { stock: MisplacedStock }) {
  const caption = 'Misplaced stock';
  return (
    <div className="grid min-w-0 gap-3">
      <p className="text-muted-foreground text-sm">
        Products counted in {stock.location} whose catalogue location is another one ({movesLine(stock)}). A move is proposed where the latest
        audit of their home location shows them short; it is the smaller of the two quantities.
      </p>
      <PhoneCardList label={caption}>
        {stock.items.map((item) => (
          <PhoneCard
            key={item.productId ?? item.sku}
            title={<Product item={item} />}
            numbers={[
              { label: 'Found here', value: item.foundQuantity.toLocaleString() },
              { label: 'Short there', value: item.shortInHome === null ? '—' : item.shortInHome.toLocaleString() },
              { label: 'Move', value: item.moveQuantity === null ? '—' : item.moveQuantity.toLocaleString() },
            ]}
            texts={[
              { label: 'Where', value: misplacedText(item) },
              { label: 'Home audit', value: <HomeAudit item={item} /> },
              { label: 'Proposed Move', value: <Proposal item={item} /> },
            ]}
          />
        ))}
      </PhoneCardList>
      <WideTable caption={caption}>
        <TableHeader>
          <TableRow>
            <TableHead>Product</TableHead>
            <TableHead>Where</TableHead>
            <TableHead className="text-right">Found here</TableHead>
            <TableHead>Home audit</TableHead>
            <TableHead className="text-right">Short there</TableHead>
            <TableHead>Proposed Move</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {stock.items.map((item) => (
            <TableRow key={item.productId ?? item.sku}>
              <TableCell className="align-top">
                <Product item={item} />
              </TableCell>
              <TableCell className="align-top text-xs whitespace-normal">{misplacedText(item)}</TableCell>
              <TableCell className="text-right align-top tabular-nums">{item.foundQuantity.toLocaleString()}</TableCell>
              <TableCell className="align-top text-xs whitespace-normal">
                <HomeAudit item={item} />
              </TableCell>
              <TableCell className="text-right align-top tabular-nums">{item.shortInHome === null ? '—' : item.shortInHome.toLocaleString()}</TableCell>
              <TableCell className="align-top text-xs whitespace-normal">
                <Proposal item={item} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </WideTable>
    </div>
  );
}
