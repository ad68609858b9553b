-- Full-text search over tasks (GET /issuesearch/data). task_search_docs (0010) holds each
-- task's title, description and comments; the FTS5 index below is an external-content table
-- over it. Triggers keep both in step on every write to field_values and comments, so every
-- writer (API, demo seed, imports) is indexed without knowing about search. The index holds
-- folded text ("ё" as "е", the project guid without hyphens as one token): never run
-- FTS5's 'rebuild' on it, which would index the unfolded text of the content table.
CREATE VIRTUAL TABLE `task_search` USING fts5(
	project_id, title, description, comments,
	content = 'task_search_docs', content_rowid = 'id',
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `task_search_docs_ai` AFTER INSERT ON `task_search_docs` BEGIN
	INSERT INTO task_search (rowid, project_id, title, description, comments)
	VALUES (new.id, replace(new.project_id, '-', ''), replace(replace(new.title, 'ё', 'е'), 'Ё', 'Е'), replace(replace(new.description, 'ё', 'е'), 'Ё', 'Е'), replace(replace(new.comments, 'ё', 'е'), 'Ё', 'Е'));
END;
--> statement-breakpoint
CREATE TRIGGER `task_search_docs_ad` AFTER DELETE ON `task_search_docs` BEGIN
	INSERT INTO task_search (task_search, rowid, project_id, title, description, comments)
	VALUES ('delete', old.id, replace(old.project_id, '-', ''), replace(replace(old.title, 'ё', 'е'), 'Ё', 'Е'), replace(replace(old.description, 'ё', 'е'), 'Ё', 'Е'), replace(replace(old.comments, 'ё', 'е'), 'Ё', 'Е'));
END;
--> statement-breakpoint
CREATE TRIGGER `task_search_docs_au` AFTER UPDATE ON `task_search_docs` BEGIN
	INSERT INTO task_search (task_search, rowid, project_id, title, description, comments)
	VALUES ('delete', old.id, replace(old.project_id, '-', ''), replace(replace(old.title, 'ё', 'е'), 'Ё', 'Е'), replace(replace(old.description, 'ё', 'е'), 'Ё', 'Е'), replace(replace(old.comments, 'ё', 'е'), 'Ё', 'Е'));
	INSERT INTO task_search (rowid, project_id, title, description, comments)
	VALUES (new.id, replace(new.project_id, '-', ''), replace(replace(new.title, 'ё', 'е'), 'Ё', 'Е'), replace(replace(new.description, 'ё', 'е'), 'Ё', 'Е'), replace(replace(new.comments, 'ё', 'е'), 'Ё', 'Е'));
END;
--> statement-breakpoint
-- Existing tasks, indexed through the trigger above.
INSERT INTO task_search_docs (task_id, project_id, title, description, comments)
SELECT t.id, t.project_id,
	coalesce((SELECT json_extract(v.value, '$') FROM field_values v JOIN field_definitions f ON f.id = v.field_id WHERE v.entity_kind = 'issue' AND v.entity_id = t.id AND v.participant_value = '' AND f.slug = 'title' AND json_valid(v.value)), ''),
	coalesce((SELECT json_extract(v.value, '$') FROM field_values v JOIN field_definitions f ON f.id = v.field_id WHERE v.entity_kind = 'issue' AND v.entity_id = t.id AND v.participant_value = '' AND f.slug = 'description' AND json_valid(v.value)), ''),
	coalesce((SELECT group_concat(c.text, char(10)) FROM (SELECT text FROM comments WHERE task_id = t.id ORDER BY created_at, id) c), '')
FROM tasks t WHERE true;
--> statement-breakpoint
-- A title or description written (insert, or the upsert's update) refreshes the task's row;
-- the task exists then, so the row may be created.
CREATE TRIGGER `task_search_value_ai` AFTER INSERT ON `field_values`
WHEN new.entity_kind = 'issue' AND new.participant_value = '' AND EXISTS (SELECT 1 FROM field_definitions f WHERE f.id = new.field_id AND f.slug IN ('title', 'description'))
BEGIN
	INSERT INTO task_search_docs (task_id, project_id, title, description, comments)
	SELECT t.id, t.project_id,
		coalesce((SELECT json_extract(v.value, '$') FROM field_values v JOIN field_definitions f ON f.id = v.field_id WHERE v.entity_kind = 'issue' AND v.entity_id = t.id AND v.participant_value = '' AND f.slug = 'title' AND json_valid(v.value)), ''),
		coalesce((SELECT json_extract(v.value, '$') FROM field_values v JOIN field_definitions f ON f.id = v.field_id WHERE v.entity_kind = 'issue' AND v.entity_id = t.id AND v.participant_value = '' AND f.slug = 'description' AND json_valid(v.value)), ''),
		coalesce((SELECT group_concat(c.text, char(10)) FROM (SELECT text FROM comments WHERE task_id = t.id ORDER BY created_at, id) c), '')
	FROM tasks t WHERE t.id = new.entity_id
	ON CONFLICT (task_id) DO UPDATE SET title = excluded.title, description = excluded.description, comments = excluded.comments;
END;
--> statement-breakpoint
CREATE TRIGGER `task_search_value_au` AFTER UPDATE OF value ON `field_values`
WHEN new.entity_kind = 'issue' AND new.participant_value = '' AND EXISTS (SELECT 1 FROM field_definitions f WHERE f.id = new.field_id AND f.slug IN ('title', 'description'))
BEGIN
	INSERT INTO task_search_docs (task_id, project_id, title, description, comments)
	SELECT t.id, t.project_id,
		coalesce((SELECT json_extract(v.value, '$') FROM field_values v JOIN field_definitions f ON f.id = v.field_id WHERE v.entity_kind = 'issue' AND v.entity_id = t.id AND v.participant_value = '' AND f.slug = 'title' AND json_valid(v.value)), ''),
		coalesce((SELECT json_extract(v.value, '$') FROM field_values v JOIN field_definitions f ON f.id = v.field_id WHERE v.entity_kind = 'issue' AND v.entity_id = t.id AND v.participant_value = '' AND f.slug = 'description' AND json_valid(v.value)), ''),
		coalesce((SELECT group_concat(c.text, char(10)) FROM (SELECT text FROM comments WHERE task_id = t.id ORDER BY created_at, id) c), '')
	FROM tasks t WHERE t.id = new.entity_id
	ON CONFLICT (task_id) DO UPDATE SET title = excluded.title, description = excluded.description, comments = excluded.comments;
END;
--> statement-breakpoint
-- Deletions only ever update an existing row: a task being deleted must not gain a new one.
CREATE TRIGGER `task_search_value_ad` AFTER DELETE ON `field_values`
WHEN old.entity_kind = 'issue' AND old.participant_value = '' AND EXISTS (SELECT 1 FROM field_definitions f WHERE f.id = old.field_id AND f.slug IN ('title', 'description'))
BEGIN
	UPDATE task_search_docs SET
		title = coalesce((SELECT json_extract(v.value, '$') FROM field_values v JOIN field_definitions f ON f.id = v.field_id WHERE v.entity_kind = 'issue' AND v.entity_id = old.entity_id AND v.participant_value = '' AND f.slug = 'title' AND json_valid(v.value)), ''),
		description = coalesce((SELECT json_extract(v.value, '$') FROM field_values v JOIN field_definitions f ON f.id = v.field_id WHERE v.entity_kind = 'issue' AND v.entity_id = old.entity_id AND v.participant_value = '' AND f.slug = 'description' AND json_valid(v.value)), '')
	WHERE task_id = old.entity_id;
END;
--> statement-breakpoint
CREATE TRIGGER `task_search_comment_ai` AFTER INSERT ON `comments` BEGIN
	INSERT INTO task_search_docs (task_id, project_id, comments)
	SELECT t.id, t.project_id, coalesce((SELECT group_concat(c.text, char(10)) FROM (SELECT text FROM comments WHERE task_id = t.id ORDER BY created_at, id) c), '')
	FROM tasks t WHERE t.id = new.task_id
	ON CONFLICT (task_id) DO UPDATE SET comments = excluded.comments;
END;
--> statement-breakpoint
CREATE TRIGGER `task_search_comment_au` AFTER UPDATE OF text ON `comments` BEGIN
	UPDATE task_search_docs SET comments = coalesce((SELECT group_concat(c.text, char(10)) FROM (SELECT text FROM comments WHERE task_id = new.task_id ORDER BY created_at, id) c), '')
	WHERE task_id = new.task_id;
END;
--> statement-breakpoint
CREATE TRIGGER `task_search_comment_ad` AFTER DELETE ON `comments` BEGIN
	UPDATE task_search_docs SET comments = coalesce((SELECT group_concat(c.text, char(10)) FROM (SELECT text FROM comments WHERE task_id = old.task_id ORDER BY created_at, id) c), '')
	WHERE task_id = old.task_id;
END;
