/** The activity module's face: the team activity routes and the plugin that tells activity screens of new entries. */
export { activityFeedPlugin } from './activity.feed';
export { activityRoutes } from './activity.routes';
