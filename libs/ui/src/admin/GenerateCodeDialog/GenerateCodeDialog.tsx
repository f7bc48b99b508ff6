import { Alert, Button, Center, Code, Group, Loader, Stack, Text } from '@mantine/core';
import { TEXTS, type GenerateCodeDialog as DialogState } from '@pando/domain';
import { Dialog } from '../../common/Dialog';

export interface GenerateCodeDialogProps {
  /** The dialog's state (domain `generateCodeTransition`): closed, loading, code, startLoginFirst, error. */
  state: DialogState;
  /** Whose code it is, for the title. */
  personName: string;
  /** Closes the dialog. */
  onClose: () => void;
}

/**
 * Generate code (spec 02 §4, §5): the code as XXX-XXX; a 409 means the person must first start
 * logging in from the mobile app; any other failure reads "Unable to generate an auth code".
 */
export function GenerateCodeDialog({ state, personName, onClose }: GenerateCodeDialogProps) {
  return (
    <Dialog
      opened={state.state !== 'closed'}
      onClose={onClose}
      title={`Login code for ${personName}`}
    >
      <Stack gap="md">
        {state.state === 'loading' && (
          <Center role="status">
            <Loader size="sm" aria-hidden />
            <Text ml="sm">Generating a code…</Text>
          </Center>
        )}
        {state.state === 'code' && (
          <>
            <Text>Read this code to the person; it opens the login they started in the app.</Text>
            <Center>
              <Code fz={32} fw={700} px="lg" py="sm" aria-label={`Login code ${state.code}`}>
                {state.code}
              </Code>
            </Center>
          </>
        )}
        {state.state === 'startLoginFirst' && (
          <Alert color="yellow" role="alert">
            <Text fw={700}>Start login first</Text>
            {state.message}
          </Alert>
        )}
        {state.state === 'error' && (
          <Alert color="red" role="alert">
            {TEXTS.unableToGenerateCode}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
