"use client";

// The owner pages' boundary serves the admin pages too (both sit inside a query cache).
export { default } from "../(owner)/error";
