-- A support ticket about an order: the category "order" (docs/support-and-admin.md).
ALTER TYPE "TicketCategory" ADD VALUE 'order';
