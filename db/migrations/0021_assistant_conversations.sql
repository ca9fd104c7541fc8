-- One name per concept: the conversations the assistant keeps (chat window, voice, phone) were chat_conversations.
-- A rename keeps every row; the constraints (the primary key, and the NOT NULL ones of the PostgreSQL
-- versions that name them) and the index follow the table's new name.
ALTER TABLE "chat_conversations" RENAME TO "assistant_conversations";--> statement-breakpoint
DO $$
DECLARE
	old_name text;
BEGIN
	FOR old_name IN
		SELECT conname FROM pg_constraint
		WHERE conrelid = 'public.assistant_conversations'::regclass AND conname LIKE 'chat\_conversations\_%'
	LOOP
		EXECUTE format(
			'ALTER TABLE "assistant_conversations" RENAME CONSTRAINT %I TO %I',
			old_name,
			'assistant_conversations_' || substr(old_name, length('chat_conversations_') + 1)
		);
	END LOOP;
END $$;--> statement-breakpoint
ALTER INDEX "chat_conversations_updated_idx" RENAME TO "assistant_conversations_updated_idx";
