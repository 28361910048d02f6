ALTER TABLE `oauth_requests` ADD `redirect_uri_given` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `oauth_tokens` ADD `redirect_uri_given` integer;