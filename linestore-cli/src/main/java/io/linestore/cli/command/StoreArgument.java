package io.linestore.cli.command;

import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import java.net.URI;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * A STORE (or FILE) argument: a local path, or a URI with a scheme such as {@code s3://bucket/prefix},
 * which {@link LineStores#open(URI, ReadOptions)} hands to the provider of that scheme
 * ({@code linestore-s3}, which the launcher puts on the class path only when an argument is an
 * {@code s3://} URI).
 *
 * @param text the argument as given
 */
public record StoreArgument(String text) {

    /** The system property {@code linestore-s3} reads its endpoint from; {@code --endpoint} sets it. */
    public static final String ENDPOINT_PROPERTY = "linestore.s3.endpoint";

    /** The system property {@code --index URL|DIR} sets: where a web server's file's index lies. */
    static final String INDEX_PROPERTY = "linestore.cli.sidecarIndex";

    /**
     * Whether the argument is a URI with a scheme rather than a local path.
     *
     * @return {@code true} for {@code s3://...} and the like
     */
    public boolean isUri() {
        // A local path, the common case, compiles no regular expression (a short command's start-up).
        return text.contains("://") && Scheme.URI.matcher(text).matches();
    }

    /**
     * The argument as a URI.
     *
     * @return the URI
     * @throws IllegalArgumentException if it is not a valid URI
     */
    public URI uri() {
        return URI.create(text);
    }

    /**
     * The argument as a local path.
     *
     * @return the path
     */
    public Path path() {
        return Path.of(text);
    }

    /**
     * Opens the store the argument names.
     *
     * @param method the read method (a remote store accepts every one and reads its own way)
     * @return the open store; close it
     */
    public LineStore open(ReadMethod method) {
        String index = System.getProperty(INDEX_PROPERTY);
        ReadOptions options = ReadOptions.builder().method(method).sidecarIndex(index == null ? null
                : new StoreArgument(index).isUri() ? URI.create(index) : Path.of(index).toAbsolutePath().toUri())
                .build();
        return isUri() ? LineStores.open(uri(), options) : LineStores.open(path(), options);
    }

    /** The pattern of a URI with a scheme, compiled at its first use. */
    private static final class Scheme {
        static final Pattern URI = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*://.*");
    }

    @Override
    public String toString() {
        return text;
    }
}
