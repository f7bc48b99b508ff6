import { Alert, Box, Button, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  DataConflictError,
  isBadRequest,
  isEditConflict,
  useDeleteFormTemplateMutation,
  useFormTemplatesQuery,
  useSaveFormTemplateMutation,
} from '@pando/data-access';
import {
  canEditTemplate,
  defaultNewTemplate,
  deleteTemplateError,
  duplicateTemplate,
  SAMPLE_TEMPLATES,
  splitTemplates,
  TEXTS,
  textsWith,
  type FormTemplate,
  displayName,
} from '@pando/domain';
import {
  Dialog,
  FormControlField,
  FormsComingSoon,
  TemplateEditor,
  TemplateList,
  templateKey,
  type FormFillerNotice,
} from '@pando/ui';
import { useMemo, useState } from 'react';
import { useViewer } from '../../common/viewer';
import { SUPPORT_EMAIL } from '../../admin/constants';
import { ConnectedFormFiller } from './ConnectedFormFiller';

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Who a new or duplicated template belongs to, and the author it names: the person making it. */
const ownerOf = (viewer: { id: number; first_name: string; last_name: string }) => ({
  author: displayName(viewer),
  created_by_id: viewer.id,
});

/** "Contact us" on the coming-soon page: the support address the broadcast page uses. */
const SMART_FORMS_CONTACT = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Smart forms')}`;

/**
 * /manage/form-templates (spec 02 §2, §4, §5): own and public templates; view or fill, or (the
 * owner) edit: Add Component, Edit export options, Save Template, Cancel edit; Duplicate
 * ("{title} (copy)", unsaved until saved, no confirmation) and Delete (owner only, confirmed).
 * Without the form_templates feature a "coming soon" page shows instead.
 */
export function FormTemplatesRoute() {
  const viewer = useViewer();
  const enabled = viewer.features.form_templates === true;
  const [editing, setEditing] = useState<FormTemplate | null>(null);
  // The list and the template shown follow saves made in other windows; not while editing (the
  // editor holds its own copy, and a save from it on a stale version is refused, issue 35).
  const templates = useFormTemplatesQuery(enabled, editing === null);
  const save = useSaveFormTemplateMutation();
  const remove = useDeleteFormTemplateMutation();
  const [drafts, setDrafts] = useState<FormTemplate[]>([]);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [filling, setFilling] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<FormFillerNotice | null>(null);

  // A failed list falls back to the built-in samples (spec 02 §7).
  const split = useMemo(
    () => splitTemplates(templates.isError ? SAMPLE_TEMPLATES : (templates.data ?? []), viewer.id),
    [templates.isError, templates.data, viewer.id],
  );
  const own = [...drafts, ...split.own];
  const selected = [...own, ...split.public].find((t) => templateKey(t) === selectedKey) ?? null;

  if (!enabled) return <FormsComingSoon contactHref={SMART_FORMS_CONTACT} />;

  const select = (template: FormTemplate) => {
    setSelectedKey(templateKey(template));
    setEditing(null);
    setNotice(null);
  };
  const startDraft = (draft: FormTemplate) => {
    setDrafts((current) => [draft, ...current]);
    setSelectedKey(templateKey(draft));
    setEditing(draft);
    setNotice(null);
  };

  const saveEditing = async () => {
    if (!editing) return;
    const original = selected;
    try {
      const answer = await save.mutateAsync(editing);
      if (isBadRequest(answer)) {
        setNotice({ kind: 'error', text: textsWith.saveError(answer.message) });
        return;
      }
      if (answer.status !== 'ok' || answer.template_id == null) {
        setNotice({ kind: 'error', text: textsWith.saveError(answer.error ?? 'unknown error') });
        return;
      }
      if (original && original.id == null)
        setDrafts((current) => current.filter((d) => d !== original));
      setSelectedKey(`id:${String(answer.template_id)}`);
      setEditing(null);
      setNotice({ kind: 'success', text: TEXTS.templateSaved });
    } catch (error) {
      // Someone else saved the template since it was opened: the list is fetched again and the
      // latest version shows (issue 35).
      if (isEditConflict(error)) {
        setEditing(null);
        setNotice({ kind: 'error', text: TEXTS.editConflict });
        return;
      }
      const reason =
        error instanceof DataConflictError || error instanceof Error
          ? error.message
          : reasonOf(error);
      setNotice({ kind: 'error', text: textsWith.saveError(reason) });
    }
  };

  const confirmDelete = async () => {
    setDeleting(false);
    if (!selected) return;
    if (selected.id == null) {
      setDrafts((current) => current.filter((d) => d !== selected));
      setSelectedKey(null);
      return;
    }
    try {
      await remove.mutateAsync(selected.id);
      setSelectedKey(null);
      setEditing(null);
      setNotice(null);
    } catch {
      setNotice({ kind: 'error', text: TEXTS.templateDeleteFailed });
    }
  };

  const isOwner = selected ? selected.id == null || canEditTemplate(selected, viewer.id) : false;

  return (
    <Stack p="md" gap="md">
      <Title order={1} size="h2">
        Form templates
      </Title>
      {templates.isError ? (
        <Alert color="orange" variant="light" p="xs">
          <Text size="sm">The templates could not be loaded; the sample templates are shown.</Text>
        </Alert>
      ) : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          {templates.isPending ? (
            <Loader size="sm" aria-label="Loading templates" />
          ) : (
            <TemplateList
              own={own}
              publicTemplates={split.public}
              selectedKey={selectedKey}
              onSelect={select}
              onNew={() => {
                startDraft(
                  defaultNewTemplate({
                    ...ownerOf(viewer),
                    trust_id: viewer.hospital_id ?? null,
                  }),
                );
              }}
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {!selected ? (
            <Text c="dimmed">Choose a template, or start a new one.</Text>
          ) : editing ? (
            <Paper withBorder p="md" component="section" aria-label="Edit template">
              <TemplateEditor
                template={editing}
                onChange={setEditing}
                onSave={() => void saveEditing()}
                onCancel={() => {
                  setEditing(null);
                  setNotice(null);
                }}
                saving={save.isPending}
                notice={notice}
              />
            </Paper>
          ) : (
            <Paper withBorder p="md" component="section" aria-label={`Template ${selected.title}`}>
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start">
                  <Box miw={0}>
                    <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
                      {selected.title}
                    </Title>
                    <Text size="sm" c="dimmed">
                      Version {selected.version}
                      {selected.author ? ` · ${selected.author}` : ''}
                      {selected.id == null ? ' · not saved yet' : ''}
                    </Text>
                  </Box>
                  <Group gap="xs">
                    {selected.id != null ? (
                      <Button
                        onClick={() => {
                          setFilling(true);
                        }}
                      >
                        Fill in
                      </Button>
                    ) : null}
                    {isOwner ? (
                      <Button
                        variant="light"
                        onClick={() => {
                          setEditing(selected);
                          setNotice(null);
                        }}
                      >
                        Edit
                      </Button>
                    ) : null}
                    <Button
                      variant="light"
                      onClick={() => {
                        startDraft(duplicateTemplate(selected, ownerOf(viewer)));
                      }}
                    >
                      Duplicate
                    </Button>
                    <Button
                      variant="light"
                      color="red"
                      onClick={() => {
                        const refusal =
                          selected.id == null ? null : deleteTemplateError(selected, viewer.id);
                        if (refusal) setNotice({ kind: 'error', text: refusal });
                        else setDeleting(true);
                      }}
                    >
                      Delete
                    </Button>
                  </Group>
                </Group>
                {notice ? (
                  <Alert
                    color={notice.kind === 'success' ? 'green' : 'red'}
                    variant="light"
                    p="xs"
                    role={notice.kind === 'success' ? 'status' : 'alert'}
                  >
                    <Text size="sm">{notice.text}</Text>
                  </Alert>
                ) : null}
                {selected.description ? <Text size="sm">{selected.description}</Text> : null}
                {selected.controls.map((control) => (
                  <FormControlField
                    key={control.id}
                    control={control}
                    readOnly
                    onChange={() => undefined}
                  />
                ))}
                <Text size="sm" c="dimmed">
                  Export options: {selected.export_options.map((o) => o.title).join(', ') || 'none'}
                </Text>
              </Stack>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
      {filling && selected ? (
        <ConnectedFormFiller
          key={templateKey(selected)}
          template={selected}
          onClose={() => {
            setFilling(false);
          }}
        />
      ) : null}
      <Dialog
        opened={deleting}
        onClose={() => {
          setDeleting(false);
        }}
        title="Delete template"
        size="sm"
      >
        <Text size="sm">Are you sure you want to delete {selected?.title ?? 'this template'}?</Text>
        <Group justify="flex-end" mt="md">
          <Button
            variant="default"
            onClick={() => {
              setDeleting(false);
            }}
          >
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirmDelete()} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Dialog>
    </Stack>
  );
}
