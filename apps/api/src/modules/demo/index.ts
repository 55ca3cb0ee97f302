/** The demo module's face: what a first start seeds (SEED_DEMO, SEED_DEMO_HOLDINGS), called by app.ts. */
export { seedDemo } from './demo-seed';
export { seedDemoHoldingsAtStartup } from './demo-holdings';
