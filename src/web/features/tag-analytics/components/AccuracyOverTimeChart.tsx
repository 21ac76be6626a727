/**
 * The tag's accuracy per complete audit over time (a line chart, 0-100 %), so a manager sees
 * whether recounts and training help. A table of the same points follows for screen readers.
 */
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TagAuditPoint } from '../../../../contracts/tag-analytics';
import { formatAccuracy } from '../../../../domain/tag-analytics';
import { formatAuditDate } from './figures';

interface ChartPoint {
  at: number;
  accuracy: number;
  auditName: string;
  lines: string;
}

export function AccuracyOverTimeChart({ points }: { points: readonly TagAuditPoint[] }) {
  if (points.length === 0) {
    return <p className="text-muted-foreground py-8 text-center text-sm">No complete audit has counted this tag yet.</p>;
  }
  const data: ChartPoint[] = points.map((p) => ({
    at: Date.parse(p.completedAt),
    accuracy: Math.round(p.accuracyPercentage * 10) / 10,
    auditName: p.auditName,
    lines: `${p.accurateLines}/${p.auditedLines} accurate`,
  }));
  return (
    <figure className="grid gap-2">
      <div className="h-64 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {/* The picture is hidden from assistive technology (the table below reads the same
              figures), so it must not take focus either: recharts' keyboard layer is off. */}
          <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" className="stroke-muted" />
            <XAxis
              dataKey="at"
              type="number"
              scale="time"
              domain={['dataMin', 'dataMax']}
              tickFormatter={(at: number) => formatAuditDate(new Date(at).toISOString())}
              tick={{ fontSize: 12 }}
              padding={{ left: 16, right: 16 }}
            />
            <YAxis domain={[0, 100]} unit="%" width={48} tick={{ fontSize: 12 }} />
            <Tooltip
              labelFormatter={(_, payload) => {
                const point = payload?.[0]?.payload as ChartPoint | undefined;
                return point ? `${point.auditName} · ${formatAuditDate(new Date(point.at).toISOString())}` : '';
              }}
              formatter={(value, _name, item) => [`${formatAccuracy(Number(value))} (${(item.payload as ChartPoint).lines})`, 'Accuracy']}
            />
            <Line type="monotone" dataKey="accuracy" stroke="var(--color-primary)" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">
        <table>
          <caption>Accuracy per audit</caption>
          <thead>
            <tr>
              <th>Audit</th>
              <th>Completed</th>
              <th>Accuracy</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.auditId}>
                <td>{p.auditName}</td>
                <td>{formatAuditDate(p.completedAt)}</td>
                <td>
                  {formatAccuracy(p.accuracyPercentage)} ({p.accurateLines}/{p.auditedLines})
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
