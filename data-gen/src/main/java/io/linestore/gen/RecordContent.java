package io.linestore.gen;

/**
 * The payload of a line of {@link ContentKind#LOG} or {@link ContentKind#JSON} content: records
 * written one after another (separated by {@code " | "}) until the payload's length is reached, the
 * last one cut there. Every choice comes from the line's hash, so a line's bytes depend only on the
 * seed, the options and its number; the timestamp grows with the line number (37 ms a line from
 * 2026-01-01), as in a log. Printable ASCII only. Stateless and thread-safe.
 */
final class RecordContent {

    private static final long EPOCH_MILLIS = 1_767_225_600_000L;
    private static final long MILLIS_PER_LINE = 37;
    private static final String[] LEVELS = {"INFO", "INFO", "INFO", "INFO", "INFO", "INFO", "INFO", "INFO",
        "DEBUG", "DEBUG", "WARN", "ERROR"};
    private static final String[] SERVICES = {"orders", "billing", "catalog", "search", "auth", "gateway",
        "inventory", "shipping"};
    private static final String[] CLASSES = {"OrderService", "PaymentClient", "CatalogIndex", "QueryParser",
        "TokenVerifier", "RequestRouter", "StockLedger", "LabelPrinter", "RetryPolicy", "CacheLoader",
        "SessionStore", "RateLimiter"};
    private static final String[] USERS = {"olivia", "liam", "emma", "noah", "ava", "elijah", "sophia", "lucas",
        "mia", "mateo", "isabella", "levi", "amelia", "ezra", "harper", "luca", "evelyn", "asher", "abigail",
        "james", "emily", "leo", "ella", "grayson", "scarlett", "henry", "aria", "ethan", "chloe", "jack"};
    private static final String[] ACTIONS = {"view", "search", "add_to_cart", "checkout", "login", "logout",
        "refund", "update_profile", "rate", "share"};
    private static final String[] RESOURCES = {"items", "orders", "users", "carts", "payments", "reviews"};
    private static final String[] WORDS = {"request", "completed", "started", "retrying", "cache", "miss",
        "hit", "timeout", "after", "connection", "pool", "exhausted", "slow", "query", "rows", "returned",
        "token", "expired", "refreshed", "queue", "depth", "batch", "flushed", "record", "skipped",
        "duplicate", "upstream", "responded", "with", "status", "payload", "bytes", "written", "read"};
    private static final int[] STATUSES = {200, 200, 200, 200, 200, 201, 204, 304, 400, 404, 409, 500, 503};
    private static final long RECORD_SALT = 0x7265636F7264L;

    private RecordContent() {
    }

    /**
     * Writes exactly {@code length} bytes of records for line {@code line} into {@code dst} at {@code pos}.
     *
     * @param kind {@link ContentKind#LOG} or {@link ContentKind#JSON}
     * @param line the line number
     * @param h the line's hash, from which every choice is drawn
     * @param dst the destination
     * @param pos where the payload starts
     * @param length the payload's length
     */
    static void write(ContentKind kind, long line, long h, byte[] dst, int pos, int length) {
        Cursor out = new Cursor(dst, pos, pos + length);
        long bits = Mix.mix64(h ^ RECORD_SALT);
        for (int record = 0; !out.full(); record++) {
            if (record > 0) {
                out.put(" | ");
            }
            long millis = EPOCH_MILLIS + line * MILLIS_PER_LINE + record;
            if (kind == ContentKind.JSON) {
                json(out, millis, bits);
            } else {
                log(out, millis, bits);
            }
            bits = Mix.mix64(bits);
        }
    }

    private static void log(Cursor out, long millis, long bits) {
        timestamp(out, millis);
        out.put(' ').put(pick(LEVELS, bits, 0)).put(" [worker-").number(1 + (bits >>> 8 & 15)).put("] io.shop.")
                .put(pick(SERVICES, bits, 12)).put('.').put(pick(CLASSES, bits, 16)).put(" - ");
        long id = 10_000 + (bits >>> 20 & 0xFFFF);
        switch ((int) (bits >>> 36 & 7)) {
            case 0 -> out.put("user ").put(pick(USERS, bits, 40)).put(' ').put(pick(ACTIONS, bits, 46))
                    .put(" item ").number(id).put(" in ").number(bits >>> 50 & 255).put(" ms");
            case 1 -> out.put("GET /api/v1/").put(pick(RESOURCES, bits, 40)).put('/').number(id).put(' ')
                    .number(STATUSES[(int) ((bits >>> 46 & 0xFF) % STATUSES.length)]).put(' ')
                    .number(bits >>> 54 & 1023).put(" bytes");
            case 2 -> out.put(pick(WORDS, bits, 40)).put(' ').put(pick(WORDS, bits, 46)).put(' ')
                    .put(pick(WORDS, bits, 52)).put(" id=").number(id);
            case 3 -> out.put("order ").number(id).put(" for ").put(pick(USERS, bits, 40)).put(" total ")
                    .number(bits >>> 46 & 4095).put('.').number(10 + (bits >>> 58 & 63)).put(" EUR");
            default -> out.put(pick(WORDS, bits, 40)).put(' ').put(pick(WORDS, bits, 46)).put(" after ")
                    .number(bits >>> 52 & 511).put(" ms (attempt ").number(1 + (bits >>> 61 & 3)).put(')');
        }
    }

    private static void json(Cursor out, long millis, long bits) {
        long id = 10_000 + (bits >>> 20 & 0xFFFF);
        out.put("{\"ts\":\"");
        timestamp(out, millis);
        out.put("\",\"level\":\"").put(pick(LEVELS, bits, 0)).put("\",\"service\":\"").put(pick(SERVICES, bits, 12))
                .put("\",\"user\":\"").put(pick(USERS, bits, 40)).put("\",\"action\":\"").put(pick(ACTIONS, bits, 46))
                .put("\",\"item\":").number(id).put(",\"qty\":").number(1 + (bits >>> 36 & 3)).put(",\"ms\":")
                .number(bits >>> 50 & 255).put(",\"status\":")
                .number(STATUSES[(int) ((bits >>> 56 & 0xFF) % STATUSES.length)]).put(",\"path\":\"/api/v1/")
                .put(pick(RESOURCES, bits, 8)).put('/').number(id).put("\"}");
    }

    /** {@code YYYY-MM-DDTHH:MM:SS.mmmZ}, with the civil date of the day (Howard Hinnant's algorithm). */
    private static void timestamp(Cursor out, long millis) {
        long days = Math.floorDiv(millis, 86_400_000L);
        long ms = Math.floorMod(millis, 86_400_000L);
        long z = days + 719_468;
        long era = Math.floorDiv(z, 146_097);
        long doe = z - era * 146_097;
        long yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        long mp = (5 * doy + 2) / 153;
        long day = doy - (153 * mp + 2) / 5 + 1;
        long month = mp < 10 ? mp + 3 : mp - 9;
        long year = yoe + era * 400 + (month <= 2 ? 1 : 0);
        out.padded(year, 4).put('-').padded(month, 2).put('-').padded(day, 2).put('T').padded(ms / 3_600_000, 2)
                .put(':').padded(ms / 60_000 % 60, 2).put(':').padded(ms / 1000 % 60, 2).put('.')
                .padded(ms % 1000, 3).put('Z');
    }

    private static String pick(String[] choices, long bits, int shift) {
        return choices[(int) (((bits >>> shift) & 0xFFFF) % choices.length)];
    }

    /** Writes ASCII into an array up to a fixed end, dropping whatever would go past it. */
    private static final class Cursor {
        private final byte[] dst;
        private final int end;
        private int pos;

        Cursor(byte[] dst, int pos, int end) {
            this.dst = dst;
            this.pos = pos;
            this.end = end;
        }

        boolean full() {
            return pos == end;
        }

        Cursor put(char c) {
            if (pos < end) {
                dst[pos++] = (byte) c;
            }
            return this;
        }

        Cursor put(String text) {
            int n = Math.min(text.length(), end - pos);
            for (int k = 0; k < n; k++) {
                dst[pos++] = (byte) text.charAt(k);
            }
            return this;
        }

        Cursor number(long value) {
            return padded(value, 1);
        }

        /** {@code value} in decimal, at least {@code digits} digits, zero-padded. */
        Cursor padded(long value, int digits) {
            int count = 1;
            for (long rest = value; rest >= 10; rest /= 10) {
                count++;
            }
            count = Math.max(digits, count);
            for (int k = count - 1; k >= 0; k--) {
                if (pos + k < end) {
                    dst[pos + k] = (byte) ('0' + value % 10);
                }
                value /= 10;
            }
            pos = Math.min(end, pos + count);
            return this;
        }
    }
}
