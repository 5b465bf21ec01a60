"""Host-side tools for Topper Table: replay, simulator, flashing and the serial monitor."""
