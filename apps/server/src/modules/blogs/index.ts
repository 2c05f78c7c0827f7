/*
 * The blogs module's face (docs/decisions/0013). Plugin: the blog calls. Service API: the latest
 * articles (home page) and the article pages (sitemap); the HTML allow-list `sanitizeBlogHtml`
 * (the staff console saves blog HTML through the same one).
 */
export { blogsRoutes } from './blogs.routes.js';
export { listBlogPages, listLatestBlogs } from './blogs.service.js';
export { sanitizeBlogHtml } from './blog-html.js';
