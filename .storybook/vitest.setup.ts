import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview';
import { setProjectAnnotations } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import * as projectAnnotations from './preview';

setProjectAnnotations([a11yAddonAnnotations, projectAnnotations]);

// findBy*/waitFor give up after 5 s instead of Testing Library's 1 s. A play function checks what
// a person would see, not how fast: on the 2-core CI machine with the four story projects beside
// other steps, a list that answered in 1.0x s failed the stories step (MessageList's "New
// messages" indicator, clean-clone run of 2026-11-24, every local run green). A story whose
// expectation is wrong still fails, 4 s later.
configure({ asyncUtilTimeout: 5_000 });
