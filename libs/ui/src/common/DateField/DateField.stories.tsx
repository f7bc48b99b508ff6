import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { expect, userEvent, within } from 'storybook/test';
import { DateField } from './DateField';

const meta = {
  title: 'UI/Common/DateField',
  component: DateField,
  tags: ['autodocs'],
  args: { label: 'Date of birth', value: '1948-03-14', onChange: () => undefined },
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return (
      <Stack p="md" maw={320}>
        <DateField {...args} value={value} onChange={setValue} />
        <Text size="sm" data-testid="wire">
          {value || '(empty)'}
        </Text>
      </Stack>
    );
  },
} satisfies Meta<typeof DateField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An ISO date of birth reads dd/mm/yyyy, whatever the browser's language. */
export const DateOfBirth: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Date of birth' })).toHaveValue('14/03/1948');
  },
};

/** Typed day first, the slashes come by themselves; the wire gets ISO. */
export const Typing: Story = {
  args: { value: '' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('textbox', { name: 'Date of birth' });
    await userEvent.type(field, '02061948');
    await expect(field).toHaveValue('02/06/1948');
    await expect(canvas.getByTestId('wire')).toHaveTextContent('1948-06-02');
  },
};

/** A day that does not exist is named once the field is left, saying how to write it. */
export const NotADate: Story = {
  args: { value: '' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('textbox', { name: 'Date of birth' });
    await userEvent.type(field, '31/02/2020');
    await userEvent.tab();
    await expect(
      canvas.getByText('Enter a real date as dd/mm/yyyy, for example 14/03/1948.'),
    ).toBeVisible();
    await expect(canvas.getByTestId('wire')).toHaveTextContent('31/02/2020');
  },
};

export const ReadOnly: Story = { args: { readOnly: true } };
export const Required: Story = { args: { value: '', required: true, label: 'Date seen' } };
