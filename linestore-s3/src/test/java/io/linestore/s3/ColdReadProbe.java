package io.linestore.s3;

import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A measurement, not a test (run by hand, see docs/object-storage.md): the GETs and bytes of a
 * reader's first one-line read of a large store (a new reader, its index cache empty), of one 100
 * lines further (its index entries fetched by the first), of one at another random place, and of a
 * 10,000-line read, against a SeaweedFS started on 127.0.0.1. The store holds the numbers 0 to N-1, one per line, with the default index (dense);
 * every line read is checked. Arguments: a scratch directory (the input and the store are kept
 * there for the next run), N (default 100,000,000).
 */
final class ColdReadProbe {

    private ColdReadProbe() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createDirectories(Path.of(args.length > 0 ? args[0] : "target/cold-read"));
        long lines = args.length > 1 ? Long.parseLong(args[1]) : 100_000_000L;
        Path input = dir.resolve("numbers-" + lines + ".txt");
        if (!Files.exists(input)) {
            try (BufferedWriter out = Files.newBufferedWriter(input, StandardCharsets.US_ASCII)) {
                for (long n = 0; n < lines; n++) {
                    out.write(Long.toString(n));
                    out.write('\n');
                }
            }
        }
        Path local = dir.resolve("store-" + lines);
        if (!Files.exists(local)) {
            LineStores.build(input, local, StoreOptions.defaults());
        }
        RequestCounter counter = new RequestCounter();
        try (SeaweedFs server = SeaweedFs.startAnother("cold-read");
                S3Objects objects = server.client(dir.resolve("cache-unused"), counter)) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation location = new ObjectLocation(bucket, "numbers");
            new StorePusher(objects, StorePusher.DEFAULT_PART_BYTES).push(local, location);
            System.out.printf(Locale.ROOT, "a store of %,d lines (%,d bytes of data) in SeaweedFS (weed mini)"
                    + " on 127.0.0.1, load average %s%n", lines, Files.size(input), loadAverage());
            System.out.printf(Locale.ROOT, "%-38s %6s %12s%n", "read", "GETs", "bytes");
            SplittableRandom random = new SplittableRandom(7);
            for (int reader = 0; reader < 3; reader++) {
                Path cache = Files.createTempDirectory(dir, "cache-");
                counter.reset();
                try (LineStore store = S3LineStore.open(objects, new IndexCache(cache, 1L << 30), location,
                        ReadOptions.of(ReadMethod.AUTO), () -> { })) {
                    long first = random.nextLong(lines);
                    check(store.read(first, 1), first, 1);
                    report("first read of a new reader, 1 line", counter);
                    long near = Math.min(lines - 1, first + 100);
                    counter.reset();
                    check(store.read(near, 1), near, 1);
                    report("the same reader, 1 line 100 further", counter);
                    long next = random.nextLong(lines);
                    counter.reset();
                    check(store.read(next, 1), next, 1);
                    report("the same reader, 1 line elsewhere", counter);
                    long many = random.nextLong(lines - 10_000);
                    counter.reset();
                    check(store.read(many, 10_000), many, 10_000);
                    report("the same reader, 10,000 lines elsewhere", counter);
                }
            }
        }
    }

    private static void check(List<String> read, long first, int count) {
        if (read.size() != count) {
            throw new AssertionError("read " + read.size() + " lines of " + count + " at " + first);
        }
        for (int i = 0; i < count; i++) {
            if (!read.get(i).equals(Long.toString(first + i))) {
                throw new AssertionError("line " + (first + i) + " read as " + read.get(i));
            }
        }
    }

    private static void report(String what, RequestCounter counter) {
        System.out.printf(Locale.ROOT, "%-38s %6d %12d%n", what, counter.total(), counter.bytes());
    }

    private static String loadAverage() throws IOException {
        String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
        return fields[0] + " " + fields[1] + " " + fields[2];
    }
}
