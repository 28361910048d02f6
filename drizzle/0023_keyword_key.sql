-- docs/queries.md#matching: a tracked keyword's key (keyword_lc) was its lower case, so 'crm NOT hubspot' (without
-- hubspot) and 'crm not hubspot' (the word not, and hubspot) were one keyword: teams tracking them shared one search,
-- of one spelling, and the other team missed what its own query would find. The key now keeps OR, AND and NOT in
-- capitals where they are operators (src/query/same-query.ts, keywordKey), and has each run of spaces as one space
-- and none at either end, as a keyword is tracked (docs/queries.md#spaces): 'crm  erp', stored before that, and a
-- later 'crm erp' were two keywords of one team, each searched. Recomputed here for keywords, signal_feedback and
-- poll_cursors. SQLite's lower() folds ASCII only, so each stored key's lower case (the keyword's toLowerCase()) is
-- read character by character beside the keyword (İ is the one character that lower-cases to two). The work tables
-- are ordinary ones, dropped at the end, as a remote libSQL server (sqld) refuses temporary tables.
CREATE TABLE `keyword_keys_0023` AS
WITH RECURSIVE
  `pairs`(`written`, `lower`) AS (
    SELECT `keyword`, `keyword_lc` FROM `keywords`
    UNION SELECT s.`keyword`, f.`keyword_lc` FROM `signal_feedback` f JOIN `signals` s ON s.`id` = f.`signal_id`),
  `walk`(`written`, `lower`, `k`, `i`, `acc`, `run`, `runl`, `phrase`, `gap`) AS (
    SELECT `written`, `lower`,
      CASE WHEN length(replace(`written`, char(304), char(105, 775))) = length(`lower`)
        THEN replace(`written`, char(304), char(105, 775)) ELSE `lower` END,
      1, '', '', '', 0, 0
    FROM `pairs`
    UNION ALL
    SELECT `written`, `lower`, `k`, i + 1,
      CASE WHEN instr(char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288), substr(k, i, 1)) > 0 THEN acc || CASE WHEN replace(replace(replace(replace(replace(replace(run, 'Ｏ', 'O'), 'Ｒ', 'R'), 'Ａ', 'A'), 'Ｎ', 'N'), 'Ｄ', 'D'), 'Ｔ', 'T') IN ('OR', 'AND', 'NOT') THEN run ELSE runl END
        WHEN phrase THEN acc || CASE WHEN gap THEN ' ' ELSE '' END || substr(lower, i, 1)
        WHEN instr('"“”„＂', substr(k, i, 1)) > 0 OR instr('()（）', substr(k, i, 1)) > 0 THEN acc || CASE WHEN gap THEN ' ' ELSE '' END || CASE WHEN replace(replace(replace(replace(replace(replace(run, 'Ｏ', 'O'), 'Ｒ', 'R'), 'Ａ', 'A'), 'Ｎ', 'N'), 'Ｄ', 'D'), 'Ｔ', 'T') IN ('OR', 'AND', 'NOT') THEN run ELSE runl END || substr(lower, i, 1)
        ELSE acc || CASE WHEN gap THEN ' ' ELSE '' END END,
      CASE WHEN instr(char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288), substr(k, i, 1)) > 0 OR phrase OR instr('"“”„＂', substr(k, i, 1)) > 0 OR instr('()（）', substr(k, i, 1)) > 0 THEN '' ELSE run || substr(k, i, 1) END,
      CASE WHEN instr(char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288), substr(k, i, 1)) > 0 OR phrase OR instr('"“”„＂', substr(k, i, 1)) > 0 OR instr('()（）', substr(k, i, 1)) > 0 THEN '' ELSE runl || substr(lower, i, 1) END,
      CASE WHEN instr(char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288), substr(k, i, 1)) > 0 THEN phrase
        WHEN phrase THEN NOT (instr('"“”＂', substr(k, i, 1)) > 0)
        ELSE instr('"“”„＂', substr(k, i, 1)) > 0 END,
      CASE WHEN instr(char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288), substr(k, i, 1)) > 0 THEN acc || CASE WHEN replace(replace(replace(replace(replace(replace(run, 'Ｏ', 'O'), 'Ｒ', 'R'), 'Ａ', 'A'), 'Ｎ', 'N'), 'Ｄ', 'D'), 'Ｔ', 'T') IN ('OR', 'AND', 'NOT') THEN run ELSE runl END <> '' ELSE 0 END
    FROM `walk` WHERE i <= length(k))
SELECT `written`, `lower`, acc || CASE WHEN replace(replace(replace(replace(replace(replace(run, 'Ｏ', 'O'), 'Ｒ', 'R'), 'Ａ', 'A'), 'Ｎ', 'N'), 'Ｄ', 'D'), 'Ｔ', 'T') IN ('OR', 'AND', 'NOT') THEN run ELSE runl END AS `key` FROM `walk` WHERE i = length(k) + 1;
--> statement-breakpoint
CREATE INDEX `keyword_keys_0023_idx` ON `keyword_keys_0023` (`written`, `lower`);
--> statement-breakpoint
-- Each keyword with its key, and each polling cursor once per key of the keywords it served: two spellings that are
-- two queries each start from where their shared search stood. A cursor of two keys that are now one (a keyword and
-- its spaced-out copy) keeps the one that had read furthest. A cursor no keyword has is dropped, as housekeeping would.
CREATE TABLE `keyword_ids_0023` AS
SELECT k.`id`, k.`team_id`, k.`keyword_lc` AS `old`, kk.`key`,
  row_number() OVER (PARTITION BY k.`team_id`, kk.`key` ORDER BY k.`created_at`, k.`id`) AS `n`
FROM `keywords` k JOIN `keyword_keys_0023` kk ON kk.`written` = k.`keyword` AND kk.`lower` = k.`keyword_lc`;
--> statement-breakpoint
CREATE TABLE `poll_cursors_0023` AS
SELECT c.`platform`, m.`key`, c.`newest_at`, c.`newest_ids`, c.`polled_at`,
  row_number() OVER (PARTITION BY c.`platform`, m.`key`
    ORDER BY c.`newest_at` IS NULL, c.`newest_at` DESC, c.`polled_at` DESC) AS `n`
FROM `poll_cursors` c JOIN (SELECT DISTINCT `old`, `key` FROM `keyword_ids_0023`) m ON m.`old` = c.`keyword_lc`;
--> statement-breakpoint
-- A team that tracks a keyword twice in what is now one key ('crm  erp' and 'crm erp') keeps the one it tracked first,
-- with its spelling and the date it has been tracked since (docs/queries.md#spaces); the later one is removed. Signals
-- keep the spelling they were found with, and are the team's as before: both spellings are one query.
DELETE FROM `keywords` WHERE `id` IN (SELECT `id` FROM `keyword_ids_0023` WHERE `n` > 1);
--> statement-breakpoint
-- In two steps: a key may be another row's old one until that row has its own (the index is checked row by row).
UPDATE `keywords` SET `keyword_lc` = char(0) || `id`;
--> statement-breakpoint
UPDATE `keywords` SET `keyword_lc` = (SELECT `key` FROM `keyword_ids_0023` m WHERE m.`id` = `keywords`.`id`);
--> statement-breakpoint
DELETE FROM `poll_cursors`;
--> statement-breakpoint
INSERT INTO `poll_cursors` (`platform`, `keyword_lc`, `newest_at`, `newest_ids`, `polled_at`)
SELECT `platform`, `key`, `newest_at`, `newest_ids`, `polled_at` FROM `poll_cursors_0023` WHERE `n` = 1;
--> statement-breakpoint
-- A verdict is keyed by its signal's keyword, as rating keeps it (the tuning reads a keyword's verdicts by its key).
UPDATE `signal_feedback` SET `keyword_lc` = (
  SELECT kk.`key` FROM `signals` s JOIN `keyword_keys_0023` kk ON kk.`written` = s.`keyword`
  WHERE s.`id` = `signal_feedback`.`signal_id` AND kk.`lower` = `signal_feedback`.`keyword_lc`)
WHERE EXISTS (SELECT 1 FROM `signals` s JOIN `keyword_keys_0023` kk ON kk.`written` = s.`keyword`
  WHERE s.`id` = `signal_feedback`.`signal_id` AND kk.`lower` = `signal_feedback`.`keyword_lc`);
--> statement-breakpoint
DROP TABLE `poll_cursors_0023`;
--> statement-breakpoint
DROP TABLE `keyword_ids_0023`;
--> statement-breakpoint
DROP TABLE `keyword_keys_0023`;
