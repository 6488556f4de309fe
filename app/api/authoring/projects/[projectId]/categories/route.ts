// POST /projects/{projectId}/categories: create a question category
// GET /projects/{projectId}/categories: list question categories
import { createCategoryEndpoint, listCategoriesEndpoint } from "@/lib/authoring/categories/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(createCategoryEndpoint);
export const GET = authoringRoute(listCategoriesEndpoint);
