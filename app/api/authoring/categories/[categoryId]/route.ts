// DELETE /categories/{categoryId}: delete a question category
// GET /categories/{categoryId}: read a question category
// PATCH /categories/{categoryId}: rename a question category
import { deleteCategoryEndpoint, getCategoryEndpoint, updateCategoryEndpoint } from "@/lib/authoring/categories/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const DELETE = authoringRoute(deleteCategoryEndpoint);
export const GET = authoringRoute(getCategoryEndpoint);
export const PATCH = authoringRoute(updateCategoryEndpoint);
