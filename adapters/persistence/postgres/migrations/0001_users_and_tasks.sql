-- Users and their tasks. The API's rules are checked here too, so that no other writer (a script, a
-- migration, a future node with a bug) can store what the API would refuse.

CREATE TABLE users (
  id            uuid PRIMARY KEY,
  name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100 AND btrim(name) <> ''),
  -- Stored trimmed and lower-cased by the application; unique, so two nodes cannot both create it.
  email         text NOT NULL UNIQUE CHECK (char_length(email) BETWEEN 3 AND 254),
  password_hash text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tasks (
  id          uuid PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Creation order, across nodes: breaks ties between tasks created in the same second (the API's
  -- timestamps have whole seconds), the later one first.
  seq         bigint GENERATED ALWAYS AS IDENTITY,
  title       text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200 AND btrim(title) <> ''),
  description text CHECK (char_length(description) <= 5000),
  status      text NOT NULL CHECK (status IN ('pending', 'in_progress', 'completed')),
  priority    text NOT NULL CHECK (priority IN ('low', 'medium', 'high')),
  -- YYYY-MM-DD as the API takes it. Not `date`: the API accepts the proleptic year 0000, which
  -- PostgreSQL's date type cannot hold; the application checks it is a real calendar day.
  due_date    text CHECK (due_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  -- UTC, whole seconds, as the API shows them.
  created_at  timestamp(0) NOT NULL,
  updated_at  timestamp(0) NOT NULL,
  -- Bumped by every update: an update applies only to the version it read (optimistic concurrency).
  version     bigint NOT NULL DEFAULT 0
);

-- One user's list, newest first, with creation order breaking ties; filters are applied while walking it.
CREATE INDEX tasks_user_newest ON tasks (user_id, created_at DESC, seq DESC);
