/** The messaging domain: the only way in for code outside it (client code uses ./client). */
export { disputeConversation } from "./dispute";
export { amountBody, contentBody, contentQuery, idParams, imageQuery, messagesQuery, startConversationBody } from "./schemas";
export { forgetUnread, unreadConversationCount } from "./unread";
export { listConversations } from "./conversation-list";
export { messageText, storedMessageText } from "./events";
export { appendMessage, conversationFor, rateLimitMessages, readMessages, sendMessage, startConversation } from "./service";
export { messageImageFile, readMessageForm } from "./images";
export { messagingOperations } from "./openapi";
export { disputeConversationJson } from "./responses";
