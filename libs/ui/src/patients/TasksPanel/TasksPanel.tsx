import { Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { splitTasks, type Task } from '@pando/domain';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PatientSection } from '../PatientInfoPanel';

export interface TasksPanelProps {
  /** The card's tasks in their order; completed ones are listed under 'Completed tasks'. */
  tasks: readonly Task[];
  /** False: faded, no add, tick or rename (spec 01 §6). */
  editable: boolean;
  /** Adds a task at the end (an empty title is never offered: the button waits for text). */
  onAdd: (title: string) => void;
  /** Completes or reopens a task (spec 01 §4 "Task"). */
  onToggle: (task: Task, completed: boolean) => void;
  /** Renames an open task; an emptied title drops the task on save (spec 01 §5). */
  onRename: (task: Task, title: string) => void;
  /** Who completed a task, by user id: 'Completed by Alice Adams'. */
  completedByName?: (userId: number) => string | undefined;
}

/**
 * Tasks (spec 01 §2, §4): open tasks in their order, each ticked off or renamed; completed ones
 * read-only under 'Completed tasks' (they can be unticked).
 */
export function TasksPanel({
  tasks,
  editable,
  onAdd,
  onToggle,
  onRename,
  completedByName,
}: TasksPanelProps) {
  const [title, setTitle] = useState('');
  const { open, completed } = splitTasks(tasks);
  const add = () => {
    if (!title.trim()) return;
    onAdd(title.trim());
    setTitle('');
  };
  return (
    <PatientSection title="Tasks" editable={editable}>
      {open.length === 0 && completed.length === 0 && <Text c="dimmed">No tasks.</Text>}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {open.map((task) => (
          <Group key={task.id} component="li" gap="xs" wrap="nowrap">
            <Checkbox
              aria-label={`Complete ${task.title || 'task'}`}
              checked={false}
              disabled={!editable}
              onChange={() => {
                onToggle(task, true);
              }}
            />
            {editable ? (
              <TextInput
                aria-label="Task title"
                value={task.title}
                maxLength={1000}
                style={{ flex: 1 }}
                onChange={(e) => {
                  onRename(task, e.currentTarget.value);
                }}
              />
            ) : (
              <Text style={{ overflowWrap: 'anywhere' }}>{task.title}</Text>
            )}
          </Group>
        ))}
      </Stack>
      {editable && (
        <Group
          component="form"
          gap="xs"
          wrap="nowrap"
          onSubmit={(e) => {
            e.preventDefault();
            // The create page is a form too: adding a task must not submit it.
            e.stopPropagation();
            add();
          }}
        >
          <TextInput
            aria-label="New task"
            placeholder="New task"
            value={title}
            maxLength={1000}
            style={{ flex: 1 }}
            onChange={(e) => {
              setTitle(e.currentTarget.value);
            }}
          />
          <Button
            type="submit"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={!title.trim()}
          >
            Add task
          </Button>
        </Group>
      )}
      {completed.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Completed tasks
          </Title>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {completed.map((task) => {
              const by =
                task.completed_by_id != null ? completedByName?.(task.completed_by_id) : undefined;
              return (
                <Group key={task.id} component="li" gap="xs" wrap="nowrap" align="flex-start">
                  <Checkbox
                    aria-label={`Reopen ${task.title || 'task'}`}
                    checked
                    disabled={!editable}
                    onChange={() => {
                      onToggle(task, false);
                    }}
                  />
                  <div>
                    <Text td="line-through" style={{ overflowWrap: 'anywhere' }}>
                      {task.title}
                    </Text>
                    {by && (
                      <Text size="sm" c="dimmed">
                        Completed by {by}
                      </Text>
                    )}
                  </div>
                </Group>
              );
            })}
          </Stack>
        </Stack>
      )}
    </PatientSection>
  );
}
