-- docs/people.md#heat, docs/platforms.md#overview: a post a platform dated beyond five minutes after the moment it was
-- read is now dated at that moment. Rows stored before that keep their date years ahead: their author "seen today"
-- in heat until then, sorted first by last seen, and the keyword's polling cursor standing at that date, so that no
-- later post was newer. Dated here as they would be now: by when they were read.
-- An import could date a signal's detection in the future too (it now refuses one more than a day ahead): the
-- console's "new since your last visit" counted it at every visit. Dated at this migration.
UPDATE `signals` SET `detected_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE julianday(`detected_at`) > julianday('now') + 1;
--> statement-breakpoint
-- The people's first and last seen, from their signals' dates as they are about to be (a signal is read, and
-- detected, after its post is published; five minutes ahead are a platform's clock skew, kept).
UPDATE `people` SET
  `first_seen` = (SELECT min(CASE WHEN julianday(s.`published_at`) > julianday(s.`detected_at`) + 5.0 / 1440
      THEN s.`detected_at` ELSE s.`published_at` END)
    FROM `signals` s WHERE s.`person_id` = `people`.`id` AND s.`dismissed` = 0),
  `last_seen` = (SELECT max(CASE WHEN julianday(s.`published_at`) > julianday(s.`detected_at`) + 5.0 / 1440
      THEN s.`detected_at` ELSE s.`published_at` END)
    FROM `signals` s WHERE s.`person_id` = `people`.`id` AND s.`dismissed` = 0)
WHERE EXISTS (SELECT 1 FROM `signals` s WHERE s.`person_id` = `people`.`id`
  AND julianday(s.`published_at`) > julianday(s.`detected_at`) + 5.0 / 1440);
--> statement-breakpoint
UPDATE `signals` SET `published_at` = `detected_at`
WHERE julianday(`published_at`) > julianday(`detected_at`) + 5.0 / 1440;
--> statement-breakpoint
-- A mention fetched but not scored yet is stored later with the date it was fetched with.
UPDATE `pending_mentions` SET `mention` = json_set(`mention`, '$.date', `fetched_at`)
WHERE julianday(json_extract(`mention`, '$.date')) > julianday(`fetched_at`) + 5.0 / 1440;
--> statement-breakpoint
-- A cursor at a date ahead of its last pass: the next pass keeps what is newer than that pass (what was published
-- between the future post and that pass had already been passed over).
UPDATE `poll_cursors` SET `newest_at` = `polled_at`, `newest_ids` = '[]'
WHERE julianday(`newest_at`) > julianday(`polled_at`) + 5.0 / 1440;
