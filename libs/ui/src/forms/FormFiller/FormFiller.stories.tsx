import { validateForm, type ControlValue, type FormTemplate } from '@pando/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { SAMPLE_FORM } from '../fixtures';
import { FormFiller, type FormFillerProps } from './FormFiller';

/** Holds the values and runs the domain's submit check, as the connected filler does. */
function Stateful(props: FormFillerProps) {
  const [template, setTemplate] = useState<FormTemplate | null>(props.template);
  const [alert, setAlert] = useState<string | null>(null);
  return (
    <FormFiller
      {...props}
      template={template}
      notice={alert ? { kind: 'error', text: alert } : (props.notice ?? null)}
      onChange={(id: string, value: ControlValue) => {
        setTemplate((t) =>
          t
            ? {
                ...t,
                controls: t.controls.map((c) => (c.id === id ? { ...c, value, error: false } : c)),
              }
            : t,
        );
        props.onChange(id, value);
      }}
      onSubmit={() => {
        if (!template) return;
        const checked = validateForm(template.controls);
        setTemplate({ ...template, controls: checked.controls });
        setAlert(checked.alert);
        if (!checked.alert) props.onSubmit?.();
      }}
    />
  );
}

const meta = {
  title: 'UI/Forms/FormFiller',
  component: FormFiller,
  tags: ['autodocs'],
  args: {
    opened: true,
    onClose: fn(),
    template: SAMPLE_FORM,
    onChange: fn(),
    onSubmit: fn(),
    onExport: fn(),
    ownEmail: 'alice@example.org',
    onScan: fn(),
    onLocate: fn(),
    onUploadFile: fn(),
    onDeleteFile: fn(),
    fileUrl: (guid: string) => `#${guid}`,
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof FormFiller>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 02 §5: Submit with a required control empty flags it and alerts. */
export const RequiredFieldsBlockSubmit: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: /Admission checklist/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    await expect(await dialog.findByText('Please fill in all required fields')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: /Patient identifier/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(dialog.getByRole('textbox', { name: /Patient identifier/ }), 'NHS-1');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).toHaveBeenCalled();
  },
};

/** Spec 02 §5: the email export refuses an address without @ before the last dot. */
export const EmailExport: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: /Admission checklist/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Email export' }));
    const email = within(await screen.findByRole('dialog', { name: 'Email export' }));
    await expect(email.getByText('Selected type is not an email export')).toBeVisible();
    await userEvent.click(email.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Export option' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Email the ward' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Export' }));
    const again = within(await screen.findByRole('dialog', { name: 'Email export' }));
    const address = again.getByRole('textbox', { name: 'Email address' });
    await expect(address).toHaveValue('{{user.email}}');
    await userEvent.clear(address);
    await userEvent.type(address, 'ward7@hospital');
    await expect(again.getByText('Invalid email address')).toBeVisible();
    await expect(again.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(address, '.org');
    await userEvent.click(again.getByRole('button', { name: 'Send' }));
    await expect(args.onExport).toHaveBeenCalledWith(
      SAMPLE_FORM.export_options[2],
      'ward7@hospital.org',
    );
  },
};

/** Spec 02 §4: a confirm answer compares what was submitted with the record. */
export const ConfirmPatientData: Story = {
  args: {
    onConfirm: fn(),
    onCancelConfirm: fn(),
    confirmDifferences: [
      { field: 'last_name', label: 'Last name', submitted: 'Jonas', current: 'Jones' },
    ],
  },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm patient details' }));
    await expect(dialog.getByRole('cell', { name: 'Jonas' })).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};
export const Submitted: Story = {
  args: { notice: { kind: 'success', text: 'Template submitted successfully' } },
};
export const ViewOnly: Story = { args: { readOnly: true } };
export const NoFormSelected: Story = { args: { template: null } };
