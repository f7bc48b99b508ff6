-- Core schema for spec 01 and spec 02 (everything but the chat archive/inbox, which live in 0100-0199).
-- Keep apps/server/src/db/schema/*.ts in step: schema.test.ts compares them.

create table networks (
  id serial primary key,
  uuid uuid not null unique,
  name text not null,
  status text not null default 'ACTIVATED' check (status in ('ACTIVATED', 'PENDING')),
  features jsonb not null default '{}'::jsonb,
  default_organisation_id integer,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now()
);

create table hospitals (
  id serial primary key,
  uuid uuid not null unique,
  name text not null,
  status text not null default 'ACTIVATED' check (status in ('ACTIVATED', 'PENDING')),
  network_id integer references networks(id),
  longitude double precision,
  latitude double precision,
  radius double precision,
  deleted boolean not null default false,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now()
);
create index hospitals_network_idx on hospitals (network_id);

alter table networks add constraint networks_default_organisation_fk
  foreign key (default_organisation_id) references hospitals(id);

create table users (
  id serial primary key,
  uuid uuid not null unique,
  email text not null unique check (email = lower(email)),
  first_name text not null,
  last_name text not null,
  phone text,
  role text,
  role_description text,
  speciality text,
  status text not null default 'UNKNOWN' check (status in ('AVAILABLE', 'UNAVAILABLE', 'UNKNOWN')),
  access_level text not null default 'USER'
    check (access_level in ('USER', 'USER_VERIFIED', 'ORGANISATION_ADMIN', 'NETWORK_ADMIN', 'NEURO', 'PANDO_ADMIN')),
  hospital_id integer references hospitals(id),
  features jsonb not null default '{}'::jsonb,
  premium_features jsonb not null default '{}'::jsonb,
  gdpr_accepted boolean not null default false,
  starred boolean not null default false,
  keep_me_updated boolean not null default false,
  blocked boolean not null default false,
  last_active_at timestamptz,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now()
);
create index users_hospital_idx on users (hospital_id);
create index users_last_name_idx on users (lower(last_name), lower(first_name));

create table wards (
  id serial primary key,
  name text not null,
  hospital_id integer not null references hospitals(id),
  created_at timestamptz not null default now()
);
create index wards_hospital_idx on wards (hospital_id);

create table sessions (
  id serial primary key,
  token_hash text not null unique,
  user_id integer not null references users(id) on delete cascade,
  fcm_token text,
  user_agent text,
  ip text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_user_idx on sessions (user_id);

-- A login attempt: one row per POST /auth, for known and unknown emails alike (no enumeration).
create table login_codes (
  id serial primary key,
  email text not null,
  code_hash text not null,
  challenge_hash text not null unique,
  ip text,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  invalidated_at timestamptz
);
create index login_codes_email_idx on login_codes (email, created_at desc);
create index login_codes_ip_idx on login_codes (ip, created_at desc);

create table access_tokens (
  id serial primary key,
  token_hash text not null unique,
  user_id integer not null references users(id) on delete cascade,
  session_id integer references sessions(id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index access_tokens_user_idx on access_tokens (user_id);

create table chat_tokens (
  id serial primary key,
  token_hash text not null unique,
  user_id integer not null references users(id) on delete cascade,
  session_id integer not null references sessions(id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index chat_tokens_user_idx on chat_tokens (user_id);

create table invites (
  id serial primary key,
  email text not null check (email = lower(email)),
  hospital_id integer not null references hospitals(id),
  approved_by_id integer references users(id),
  sent_at timestamptz not null default now(),
  accepted_at timestamptz,
  rescinded_at timestamptz
);
create unique index invites_pending_email_idx on invites (email)
  where accepted_at is null and rescinded_at is null;

create table teams (
  id serial primary key,
  mim_id text not null unique,
  name text not null,
  description text,
  hospital_id integer references hospitals(id),
  discoverable boolean not null default false,
  auto_accept boolean not null default false,
  public_data jsonb not null default '{}'::jsonb,
  created_by_id integer references users(id),
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index teams_hospital_idx on teams (hospital_id);

create table team_members (
  team_id integer not null references teams(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (team_id, user_id)
);
create index team_members_user_idx on team_members (user_id);

create table advice_conversations (
  id serial primary key,
  mim_id text not null unique,
  team_id integer not null references teams(id) on delete cascade,
  requestor_id integer not null references users(id),
  requestor_resolved boolean not null default false,
  public_team_resolved boolean not null default false,
  resolver_id integer references users(id),
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now()
);
create index advice_conversations_team_idx on advice_conversations (team_id);
create index advice_conversations_requestor_idx on advice_conversations (requestor_id);

create table patients (
  id serial primary key,
  first_name text not null default '',
  last_name text not null default '',
  dob date,
  gender text not null default 'MALE' check (gender in ('MALE', 'FEMALE')),
  patient_identificator text,
  overview text,
  bed text,
  ward_id integer references wards(id),
  hospital_id integer references hospitals(id),
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now()
);
create index patients_hospital_idx on patients (hospital_id);

create table patient_cards (
  id serial primary key,
  title text not null default '',
  subtitle text not null default '',
  patient_id integer references patients(id) on delete set null,
  hospital_id integer references hospitals(id),
  created_by_id integer references users(id),
  editable boolean not null default true,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now(),
  deleted_at timestamptz
);

create table patient_card_users (
  patient_card_id integer not null references patient_cards(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  primary key (patient_card_id, user_id)
);
create index patient_card_users_user_idx on patient_card_users (user_id);

create table patient_card_teams (
  patient_card_id integer not null references patient_cards(id) on delete cascade,
  team_id integer not null references teams(id) on delete cascade,
  primary key (patient_card_id, team_id)
);
create index patient_card_teams_team_idx on patient_card_teams (team_id);

create table tasks (
  id serial primary key,
  patient_card_id integer not null references patient_cards(id) on delete cascade,
  title text not null,
  completed boolean not null default false,
  completed_at timestamptz,
  completed_by_id integer references users(id),
  "order" integer not null default 0,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now()
);
create index tasks_card_idx on tasks (patient_card_id);

-- Patient images and chat images; bytes are re-encoded by sharp before they get here.
create table images (
  id serial primary key,
  image_key uuid not null unique,
  kind text not null check (kind in ('patient', 'chat')),
  title text,
  filename text,
  content_type text,
  patient_id integer references patients(id) on delete cascade,
  uploader_id integer references users(id),
  data bytea,
  thumbnail bytea,
  deleted boolean not null default false,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now()
);
create index images_patient_idx on images (patient_id);

create table files (
  id serial primary key,
  uuid uuid not null unique,
  filename text not null,
  size integer not null,
  content_type text not null,
  data bytea not null,
  uploader_id integer references users(id),
  created_at timestamptz not null default now()
);

-- Who may read a card, image or file shared into a chat.
create table shares (
  id serial primary key,
  resource_type text not null check (resource_type in ('patient_card', 'image', 'file')),
  resource_id integer not null,
  target_type text not null check (target_type in ('user', 'team', 'advice_conversation')),
  target_id integer not null,
  access_type text not null default 'READ' check (access_type in ('READ')),
  shared_by_id integer references users(id),
  created_at timestamptz not null default now(),
  unique (resource_type, resource_id, target_type, target_id)
);
create index shares_target_idx on shares (target_type, target_id);

create table form_templates (
  id serial primary key,
  title text not null,
  description text not null default '',
  author text not null default '',
  version text not null default '1.0',
  created_by_id integer references users(id),
  trust_id integer references hospitals(id),
  deleted boolean not null default false,
  flags jsonb not null default '{}'::jsonb,
  controls jsonb not null default '[]'::jsonb,
  export_options jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now(),
  unique (title, version)
);

create table form_submissions (
  id serial primary key,
  template_id integer not null references form_templates(id),
  submitted_by_id integer references users(id),
  "values" jsonb not null,
  patient_data jsonb,
  status text not null check (status in ('ok', 'error', 'confirm')),
  confirmed boolean not null default false,
  created_at timestamptz not null default now()
);

create table structured_files (
  id serial primary key,
  file_guid uuid not null unique,
  filename text not null,
  content_type text not null,
  size integer not null,
  data bytea not null,
  thumbnail bytea,
  uploader_id integer references users(id),
  deleted boolean not null default false,
  created_at timestamptz not null default now()
);

create table pagers (
  id serial primary key,
  mim_id text not null unique,
  name text not null,
  description text,
  hospital_id integer references hospitals(id),
  assigned_to_id integer references users(id),
  assigned_at timestamptz,
  created_at timestamptz not null default now()
);

create table export_requests (
  id serial primary key,
  requested_by_id integer references users(id),
  hospital_id integer references hospitals(id),
  first_name text not null,
  last_name text not null,
  email text not null,
  users boolean not null default false,
  teams boolean not null default false,
  forums boolean not null default false,
  pagers boolean not null default false,
  images boolean not null default false,
  files boolean not null default false,
  patients boolean not null default false,
  messaging_data boolean not null default false,
  created_at timestamptz not null default now()
);

-- Analytics (spec 02 §7): logins, sessions, messages, images, cards, resolved advice.
create table analytics_events (
  id bigserial primary key,
  type text not null,
  occurred_at timestamptz not null default now(),
  user_id integer references users(id) on delete set null,
  hospital_id integer references hospitals(id),
  network_id integer references networks(id),
  role text,
  team_id integer,
  advice_id integer,
  forum_id integer,
  has_patient boolean not null default false,
  has_image boolean not null default false,
  data jsonb not null default '{}'::jsonb
);
create index analytics_events_scope_idx on analytics_events (hospital_id, type, occurred_at);
create index analytics_events_network_idx on analytics_events (network_id, type, occurred_at);
