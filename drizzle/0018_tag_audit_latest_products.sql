-- Per (tag, audit): the products whose latest audited line under the tag is in that audit
-- (docs/decisions/0098). Summed over the audits completed since a date, it is the number of
-- products audited under the tag since then, so the tag summary no longer reads every
-- (tag, product) row of tag_product_stats. Existing rows are counted from tag_product_stats.
ALTER TABLE "tag_audit_stats" ADD COLUMN "latest_products" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "tag_audit_stats" AS ts SET "latest_products" = g.n
FROM (
  SELECT s.organization_id, s.tag, p.audit_id, count(*)::int AS n
  FROM "tag_product_stats" AS s
  JOIN "tag_audit_numbers" AS p ON p.organization_id = s.organization_id AND p.number = s.audit_numbers[cardinality(s.audit_numbers)]
  GROUP BY s.organization_id, s.tag, p.audit_id
) AS g
WHERE ts.organization_id = g.organization_id AND ts.audit_id = g.audit_id AND ts.tag = g.tag;
