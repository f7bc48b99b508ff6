-- Who saved a task last (issue 18): the merge rule of concurrent card saves protects a task
-- another person changed since the editor loaded the card, not one the editor changed themself.
alter table tasks add column modified_by_id integer references users(id);
