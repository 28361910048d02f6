ALTER TABLE `webhook_deliveries` ADD `rate_limited_since` integer;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `paused_until` integer;