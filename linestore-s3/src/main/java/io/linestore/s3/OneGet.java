package io.linestore.s3;

import java.io.IOException;
import java.net.URI;

/**
 * The least a {@code read s3://...} command costs, for {@code scripts/s3-reads-vs-local.sh}: a JVM
 * that connects as linestore does (the same SDK client, settings from the environment) and makes
 * one ranged GET, writing the bytes to standard output. A read of a line needs at least this: no
 * manifest, no index entries, no checks. Not part of the library's API.
 */
public final class OneGet {

    private OneGet() {
    }

    /**
     * Fetches bytes {@code [FROM, TO)} of an object and writes them to standard output.
     *
     * @param arguments {@code s3://bucket/key FROM TO}
     * @throws IOException if standard output cannot be written
     */
    public static void main(String[] arguments) throws IOException {
        if (arguments.length != 3) {
            System.err.println("usage: OneGet s3://bucket/key FROM TO");
            System.exit(2);
        }
        ObjectLocation object = ObjectLocation.of(URI.create(arguments[0]));
        try (S3Objects objects = S3Objects.connect(S3Settings.fromEnvironment())) {
            ObjectReads.Range range = objects.getRange(object.bucket(), object.key(), Long.parseLong(arguments[1]),
                    Long.parseLong(arguments[2]), null);
            System.out.write(range.bytes());
            System.out.flush();
        }
    }
}
