import { Amount } from '../components/Amount';

export const component = Amount;
