ALTER TABLE `platform_health` ADD `failing_since` text;--> statement-breakpoint
-- docs/console.md#sources-not-answering: when a source's current run of failures began, so the warning says since
-- when it has failed, for a source that never answered too. A database from before kept no such time: a source
-- failing now takes its latest failure, a time it surely failed at (the run began at or before it).
UPDATE `platform_health` SET `failing_since` = `last_failure_at`
  WHERE `last_failure_at` IS NOT NULL AND `last_failure_at` > COALESCE(`last_success_at`, '');
