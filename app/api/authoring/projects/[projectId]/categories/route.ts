// POST /projects/{projectId}/categories: create a question category
// GET /projects/{projectId}/categories: list question categories
import { authoringRoute } from "@/lib/authoring/route";
import { createCategoryEndpoint, listCategoriesEndpoint } from "@/lib/authoring/categories/endpoints";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(createCategoryEndpoint);
export const GET = authoringRoute(listCategoriesEndpoint);
