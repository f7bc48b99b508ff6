import { defaultNewTemplate, type FormTemplate } from '@pando/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { SAMPLE_FORM } from '../fixtures';
import { TemplateEditor, type TemplateEditorProps } from './TemplateEditor';

function Stateful(props: TemplateEditorProps) {
  const [template, setTemplate] = useState<FormTemplate>(props.template);
  return (
    <TemplateEditor
      {...props}
      template={template}
      onChange={(next) => {
        setTemplate(next);
        props.onChange(next);
      }}
    />
  );
}

const NEW_TEMPLATE = defaultNewTemplate({ author: 'Pando Admin', created_by_id: 1 });

const meta = {
  title: 'UI/Forms/TemplateEditor',
  component: TemplateEditor,
  tags: ['autodocs'],
  args: { template: NEW_TEMPLATE, onChange: fn(), onSave: fn(), onCancel: fn() },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof TemplateEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 02 §9 default template; Add Component, move (ignored at the ends) and delete with confirmation. */
export const NewTemplate: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Control 1: First name' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Move First name up' }));
    await expect(canvas.getByRole('region', { name: 'Control 1: First name' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Move First name down' }));
    await expect(canvas.getByRole('region', { name: 'Control 2: First name' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Add Component' }));
    await expect(canvas.getByRole('region', { name: 'Control 3: Control 3' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Control 3' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete control' }));
    await expect(
      await confirm.findByText('Are you sure you want to delete this control?'),
    ).toBeInTheDocument();
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await expect(canvas.queryByRole('region', { name: 'Control 3: Control 3' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Save Template' }));
    await expect(args.onSave).toHaveBeenCalled();
  },
};

/** Spec 02 §5: unique, non-default titles and valid JSON before the options are kept. */
export const ExportOptionRules: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit export options' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Export options' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add JSON export' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await expect(
      (await dialog.findAllByText('Please enter a unique title for the export option'))[0],
    ).toBeVisible();
    const json = within(dialog.getByRole('region', { name: 'Export option 2' }));
    const title = json.getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Ward JSON');
    await userEvent.type(json.getByRole('textbox', { name: /Object/ }), '{{{{not json');
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await expect(
      (
        await dialog.findAllByText('Your JSON is not valid. Please check the format and try again.')
      )[0],
    ).toBeVisible();
  },
};
export const EveryControl: Story = { args: { template: SAMPLE_FORM } };
export const SaveFailed: Story = {
  args: {
    notice: {
      kind: 'error',
      text: 'Error saving template: A template with this title and version already exists.',
    },
  },
};
