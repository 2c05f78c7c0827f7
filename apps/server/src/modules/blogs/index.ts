/*
 * The blogs module's face (docs/decisions/0013). Plugin: the blog calls. Service API: the latest
 * articles (home page) and the article pages (sitemap).
 */
export { blogsRoutes } from './blogs.routes.js';
export { listBlogPages, listLatestBlogs } from './blogs.service.js';
