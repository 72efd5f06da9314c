import { setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../.storybook/preview';

setProjectAnnotations([preview]);
