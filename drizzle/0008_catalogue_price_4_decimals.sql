ALTER TABLE "products" ALTER COLUMN "cost_price" SET DATA TYPE numeric(14, 4);--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "price" SET DATA TYPE numeric(14, 4);