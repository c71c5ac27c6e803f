"""After the answer: the publisher, the outbox and the one after-step pipeline."""
