export { MenuBurger } from './MenuBurger';
