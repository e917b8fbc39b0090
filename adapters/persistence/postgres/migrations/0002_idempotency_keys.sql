-- Idempotency-Key records of task creation: the key's record is written by the same statement as its task,
-- so a crash never leaves one without the other. The task is kept as the first answer showed it.

CREATE TABLE idempotency_keys (
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key           text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 255),
  fingerprint   text NOT NULL,
  task          jsonb NOT NULL,
  -- Epoch milliseconds from the use case's clock (the retention is judged on the application's time).
  created_at_ms bigint NOT NULL,
  PRIMARY KEY (user_id, key)
);

-- Forgetting records past their retention.
CREATE INDEX idempotency_keys_age ON idempotency_keys (created_at_ms);
