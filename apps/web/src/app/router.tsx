import { createBrowserRouter } from "react-router";
import { routes } from "./routes.tsx";

/** The app's router, in the browser. */
export const router = createBrowserRouter(routes);
