package io.linestore.s3;

import io.linestore.ReadOptions;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * How to reach the object store and where to cache index files, the AWS way: every setting comes
 * from a system property or else an environment variable, and has a default that fits AWS S3.
 * Credentials are not here: the SDK's default chain finds them (system properties
 * {@code aws.accessKeyId}/{@code aws.secretAccessKey}, then {@code AWS_ACCESS_KEY_ID} /
 * {@code AWS_SECRET_ACCESS_KEY}, then {@code ~/.aws/credentials}, ...).
 *
 * <table>
 * <caption>Settings</caption>
 * <tr><th>system property</th><th>environment variable</th><th>default</th></tr>
 * <tr><td>{@code linestore.s3.endpoint}</td><td>{@code LINESTORE_S3_ENDPOINT}</td><td>AWS's endpoint of the region</td></tr>
 * <tr><td>{@code aws.region}</td><td>{@code AWS_REGION}, {@code AWS_DEFAULT_REGION}</td><td>{@code us-east-1}</td></tr>
 * <tr><td>{@code linestore.s3.pathStyle}</td><td>{@code LINESTORE_S3_PATH_STYLE}</td><td>{@code true} with an endpoint, else {@code false}</td></tr>
 * <tr><td>{@code linestore.s3.cache}</td><td>{@code LINESTORE_S3_CACHE}</td><td>{@code $XDG_CACHE_HOME/linestore/s3} or {@code ~/.cache/linestore/s3}</td></tr>
 * <tr><td>{@code linestore.s3.cacheBytes}</td><td>{@code LINESTORE_S3_CACHE_BYTES}</td><td>1 GiB</td></tr>
 * <tr><td>{@code linestore.s3.timeout}</td><td>{@code LINESTORE_S3_TIMEOUT}</td><td>4 seconds</td></tr>
 * <tr><td>{@code linestore.s3.deadline}</td><td>{@code LINESTORE_S3_DEADLINE}</td><td>8 seconds</td></tr>
 * <tr><td>{@code linestore.s3.writeTimeout}</td><td>{@code LINESTORE_S3_WRITE_TIMEOUT}</td><td>8 seconds</td></tr>
 * <tr><td>{@code linestore.s3.retries}</td><td>{@code LINESTORE_S3_RETRIES}</td><td>2</td></tr>
 * <tr><td>{@code linestore.s3.getBytes}</td><td>{@code LINESTORE_S3_GET_BYTES}</td><td>8 MiB</td></tr>
 * <tr><td>{@code linestore.s3.getsInFlight}</td><td>{@code LINESTORE_S3_GETS_IN_FLIGHT}</td><td>4</td></tr>
 * <tr><td>{@code linestore.s3.manifestTtl}</td><td>{@code LINESTORE_S3_MANIFEST_TTL}</td><td>0 seconds (ask on every open)</td></tr>
 * </table>
 *
 * <p>Each try of a request waits at most the timeout to connect, and at most the timeout for each
 * next bytes of the answer. A try of a read (GET, HEAD) has a deadline as well, for all of it:
 * connecting, the answer's headers and its body (a longer answer than 8 MiB gets it again for each
 * further 8 MiB), so a server that trickles its answer cannot hold it longer ({@link RequestClock}).
 * A try of an upload (a PUT of an object or of a multipart upload's part) fails when the server
 * takes none of its bytes for the write timeout, however long the whole upload takes. A failed try
 * is made again after a backoff (about 0.1 s, doubling), up to {@code retries} times. So a read
 * fails after {@code (retries + 1) x deadline} and the backoff at most: about 25 s by default; only
 * a server that falls silent in the middle of an answer just before the deadline holds a try one
 * timeout longer, {@code (retries + 1) x (deadline + timeout)} and the backoff, about 36 s. A server
 * that stops answering altogether fails a request after {@code (retries + 1) x timeout} and the
 * backoff, about 12 s; an upload it stops taking, after {@code (retries + 1) x writeTimeout} and
 * the backoff, about 25 s. A store opened with {@link ReadOptions#remoteTimeout()},
 * {@link ReadOptions#remoteDeadline()} or {@link ReadOptions#remoteRetries()} uses those instead
 * ({@link #with(ReadOptions)}).
 *
 * @param endpoint the endpoint override ({@code http://127.0.0.1:8333}), or empty for AWS
 * @param region the signing region
 * @param pathStyle whether requests name the bucket in the path ({@code host/bucket/key}), as
 *     most S3-compatible servers need, rather than in the host name
 * @param cacheDir the index cache's directory
 * @param cacheBytes the most bytes the index cache keeps
 * @param timeout how long one try of a request waits to connect, or for the server's next bytes
 * @param retries how often a request that failed in a way worth trying again is tried again
 * @param getBytes the most bytes of data one GET fetches; a larger shard part takes several
 * @param getsInFlight how many GETs of one shard part are in flight at once, when it takes several
 * @param manifestTtl how long after the server's last answer a cached manifest is used without asking
 *     whether it changed ({@link ManifestCache}); zero asks with a conditional GET on every open
 * @param deadline the most one try of a read (GET, HEAD) may take, from connecting to the last byte of
 *     the answer, or of each 8 MiB of a longer one
 * @param writeTimeout how long one try of an upload (PUT) may go without the server taking any of its bytes
 */
record S3Settings(Optional<URI> endpoint, String region, boolean pathStyle, Path cacheDir, long cacheBytes,
        Duration timeout, int retries, int getBytes, int getsInFlight, Duration manifestTtl, Duration deadline,
        Duration writeTimeout) {

    /** The system property of the endpoint, which the command line's {@code --endpoint} sets. */
    static final String ENDPOINT_PROPERTY = "linestore.s3.endpoint";

    private static final long DEFAULT_CACHE_BYTES = 1L << 30;

    /** How long one try waits for the server when nothing else is set. */
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(4);

    /** How long one try of a read may take when nothing else is set. */
    static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(8);

    /** How long one try of an upload may go without progress when nothing else is set. */
    static final Duration DEFAULT_WRITE_TIMEOUT = Duration.ofSeconds(8);

    /** Tries after the first when nothing else is set. */
    static final int DEFAULT_RETRIES = 2;

    /** Bytes of data one GET fetches at most when nothing else is set: 8 MiB. */
    static final int DEFAULT_GET_BYTES = 8 << 20;

    /** GETs of one shard part in flight at once when nothing else is set. */
    static final int DEFAULT_GETS_IN_FLIGHT = 4;

    /**
     * Settings with the default GET size, GETs in flight, manifest checks, deadline and write timeout.
     *
     * @param endpoint the endpoint override, or empty for AWS
     * @param region the signing region
     * @param pathStyle whether requests name the bucket in the path
     * @param cacheDir the index cache's directory
     * @param cacheBytes the most bytes the index cache keeps
     * @param timeout how long one try of a request waits
     * @param retries how often a failed request is tried again
     */
    S3Settings(Optional<URI> endpoint, String region, boolean pathStyle, Path cacheDir, long cacheBytes,
            Duration timeout, int retries) {
        this(endpoint, region, pathStyle, cacheDir, cacheBytes, timeout, retries, DEFAULT_GET_BYTES,
                DEFAULT_GETS_IN_FLIGHT, Duration.ZERO, DEFAULT_DEADLINE, DEFAULT_WRITE_TIMEOUT);
    }

    /**
     * Reads the settings of this process.
     *
     * @return the settings
     * @throws IllegalArgumentException if a setting has a malformed value (the message names it)
     */
    static S3Settings fromEnvironment() {
        return from(System::getProperty, System.getenv());
    }

    /**
     * Reads settings from the given sources, for tests.
     *
     * @param properties system properties
     * @param environment environment variables
     * @return the settings
     */
    static S3Settings from(Function<String, String> properties, Map<String, String> environment) {
        Optional<URI> endpoint = setting(properties, environment, ENDPOINT_PROPERTY, "LINESTORE_S3_ENDPOINT")
                .map(S3Settings::endpoint);
        String region = setting(properties, environment, "aws.region", "AWS_REGION")
                .or(() -> Optional.ofNullable(environment.get("AWS_DEFAULT_REGION")).filter(s -> !s.isBlank()))
                .orElse("us-east-1");
        boolean pathStyle = setting(properties, environment, "linestore.s3.pathStyle", "LINESTORE_S3_PATH_STYLE")
                .map(S3Settings::bool).orElse(endpoint.isPresent());
        Path cache = setting(properties, environment, "linestore.s3.cache", "LINESTORE_S3_CACHE").map(Path::of)
                .orElseGet(() -> defaultCache(environment));
        long cacheBytes = setting(properties, environment, "linestore.s3.cacheBytes", "LINESTORE_S3_CACHE_BYTES")
                .map(S3Settings::bytes).orElse(DEFAULT_CACHE_BYTES);
        Duration timeout = setting(properties, environment, "linestore.s3.timeout", "LINESTORE_S3_TIMEOUT")
                .map(text -> seconds(text, "the S3 timeout (--timeout, LINESTORE_S3_TIMEOUT)"))
                .orElse(DEFAULT_TIMEOUT);
        Duration deadline = setting(properties, environment, "linestore.s3.deadline", "LINESTORE_S3_DEADLINE")
                .map(text -> seconds(text, "LINESTORE_S3_DEADLINE")).orElse(DEFAULT_DEADLINE);
        Duration writeTimeout = setting(properties, environment, "linestore.s3.writeTimeout",
                "LINESTORE_S3_WRITE_TIMEOUT").map(text -> seconds(text, "LINESTORE_S3_WRITE_TIMEOUT"))
                .orElse(DEFAULT_WRITE_TIMEOUT);
        int retries = setting(properties, environment, "linestore.s3.retries", "LINESTORE_S3_RETRIES")
                .map(S3Settings::retries).orElse(DEFAULT_RETRIES);
        int getBytes = setting(properties, environment, "linestore.s3.getBytes", "LINESTORE_S3_GET_BYTES")
                .map(text -> whole(text, "LINESTORE_S3_GET_BYTES", "a number of bytes", 1 << 10, 1 << 30))
                .orElse(DEFAULT_GET_BYTES);
        int getsInFlight = setting(properties, environment, "linestore.s3.getsInFlight", "LINESTORE_S3_GETS_IN_FLIGHT")
                .map(text -> whole(text, "LINESTORE_S3_GETS_IN_FLIGHT", "a number of GETs", 1, 64))
                .orElse(DEFAULT_GETS_IN_FLIGHT);
        Duration manifestTtl = setting(properties, environment, "linestore.s3.manifestTtl", "LINESTORE_S3_MANIFEST_TTL")
                .map(text -> Duration.ofSeconds(whole(text, "LINESTORE_S3_MANIFEST_TTL", "a number of seconds", 0,
                        86_400)))
                .orElse(Duration.ZERO);
        return new S3Settings(endpoint, region, pathStyle, cache, cacheBytes, timeout, retries, getBytes,
                getsInFlight, manifestTtl, deadline, writeTimeout);
    }

    /**
     * These settings with the timeout, deadline and retries the read options ask for, where they ask.
     *
     * @param options the options a store is opened with
     * @return the settings
     */
    S3Settings with(ReadOptions options) {
        return new S3Settings(endpoint, region, pathStyle, cacheDir, cacheBytes,
                options.remoteTimeout() != null ? options.remoteTimeout() : timeout,
                options.remoteRetries() != ReadOptions.SETTINGS_RETRIES ? options.remoteRetries() : retries,
                getBytes, getsInFlight, manifestTtl,
                options.remoteDeadline() != null ? options.remoteDeadline() : deadline, writeTimeout);
    }

    private static Optional<String> setting(Function<String, String> properties, Map<String, String> environment,
            String property, String variable) {
        String value = properties.apply(property);
        if (value == null || value.isBlank()) {
            value = environment.get(variable);
        }
        return Optional.ofNullable(value).map(String::strip).filter(s -> !s.isEmpty());
    }

    private static URI endpoint(String text) {
        URI uri;
        try {
            uri = URI.create(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the S3 endpoint is not a URL: " + text, e);
        }
        if (uri.getScheme() == null || uri.getHost() == null) {
            throw new IllegalArgumentException("the S3 endpoint needs a scheme and a host, like http://127.0.0.1:8333: "
                    + text);
        }
        return uri;
    }

    private static boolean bool(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "true", "1", "yes" -> true;
            case "false", "0", "no" -> false;
            default -> throw new IllegalArgumentException("LINESTORE_S3_PATH_STYLE must be true or false: " + text);
        };
    }

    private static long bytes(String text) {
        try {
            long value = Long.parseLong(text);
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // Falls through to the one message below.
        }
        throw new IllegalArgumentException("LINESTORE_S3_CACHE_BYTES must be a number of bytes >= 0: " + text);
    }

    private static int whole(String text, String variable, String what, int least, int most) {
        try {
            int value = Integer.parseInt(text);
            if (value >= least && value <= most) {
                return value;
            }
        } catch (NumberFormatException e) {
            // Falls through to the one message below.
        }
        throw new IllegalArgumentException(variable + " must be " + what + " from " + least + " to " + most + ": "
                + text);
    }

    private static Duration seconds(String text, String setting) {
        try {
            double seconds = Double.parseDouble(text);
            if (seconds > 0 && seconds <= 3600) {
                return Duration.ofMillis(Math.max(1, Math.round(seconds * 1000)));
            }
        } catch (NumberFormatException e) {
            // Falls through to the one message below.
        }
        throw new IllegalArgumentException(setting + " must be a number of seconds above 0 and at most 3600: "
                + text);
    }

    private static int retries(String text) {
        try {
            int value = Integer.parseInt(text);
            if (value >= 0 && value <= 20) {
                return value;
            }
        } catch (NumberFormatException e) {
            // Falls through to the one message below.
        }
        throw new IllegalArgumentException("the S3 retries (--retries, LINESTORE_S3_RETRIES) must be a whole number"
                + " from 0 to 20: " + text);
    }

    private static Path defaultCache(Map<String, String> environment) {
        String xdg = environment.get("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("linestore").resolve("s3");
    }
}
