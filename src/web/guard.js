// Checks `this` before any method or accessor of an exported class touches wasm memory.
// The wasm side trusts the pointer an object carries (`__wbg_ptr`), so the checks are here:
// an object of another class, a plain object, one made with the right prototype by hand
// (`Object.create`, `Object.setPrototypeOf`), a Proxy, one whose pointer was changed, or one
// already freed gets a clean TypeError. `free()` on a freed object does nothing. The glue's
// `__wrap`, which turns any number into an object, is out of callers' reach.
//
// One source for both builds: the browser's entry (index.js) imports it; the package script
// writes it out as CommonJS for the Node entry (node/guard.cjs).

/**
 * Guards `Class` (a wasm-bindgen class, called `name` in errors: a bundler's minifier may
 * rename the class itself) and returns the class to export in its place: the same class,
 * except that `new` also records the object as genuine. Objects the wasm side makes
 * (`Class.__wrap`) are recorded too.
 */
export function guard(Class, name) {
  const genuine = new WeakMap(); // object -> the pointer it was made with
  const record = (obj) => {
    const ptr = obj.__wbg_ptr;
    // Writable (free() sets it to 0) but not configurable: it cannot become a getter.
    Object.defineProperty(obj, "__wbg_ptr", { value: ptr, writable: true, enumerable: false, configurable: false });
    genuine.set(obj, ptr);
    return obj;
  };
  const wrapped = Class.__wrap;
  if (typeof wrapped === "function") {
    Object.defineProperty(Class, "__wrap", {
      value(ptr) { return record(wrapped.call(this, ptr)); },
      writable: true, configurable: true,
    });
  }
  const proto = Class.prototype;
  const check = (self, method) => {
    const made = genuine.get(self);
    if (made === undefined) {
      throw new TypeError(`${name}.${method} called on something that is not a ${name}`);
    }
    const ptr = self.__wbg_ptr;
    if (ptr === 0) return false;
    if (ptr !== made) throw new TypeError(`this ${name} was tampered with: its pointer changed`);
    return true;
  };
  for (const key of Object.getOwnPropertyNames(proto)) {
    if (key === "constructor") continue;
    const descriptor = Object.getOwnPropertyDescriptor(proto, key);
    const wrap = (f) => function (...args) {
      if (!check(this, key)) {
        if (key === "free" || key === "__destroy_into_raw") return undefined;
        throw new TypeError(`this ${name} was freed: make a new one`);
      }
      return f.apply(this, args);
    };
    for (const part of ["value", "get", "set"]) {
      if (typeof descriptor[part] === "function") descriptor[part] = wrap(descriptor[part]);
    }
    Object.defineProperty(proto, key, descriptor);
  }
  if (typeof proto[Symbol.dispose] === "function") {
    Object.defineProperty(proto, Symbol.dispose, { value: proto.free, writable: true, configurable: true });
  }
  // The glue's `__wrap(pointer)` makes an object of any pointer: the glue calls it on the
  // class itself, but callers never see it, through the class returned here or through an
  // object's `constructor`.
  const hidden = (key) => key === "__wrap";
  const exported = new Proxy(Class, {
    construct(target, args, newTarget) {
      return record(Reflect.construct(target, args, newTarget === exported ? target : newTarget));
    },
    get: (target, key, receiver) => (hidden(key) ? undefined : Reflect.get(target, key, receiver)),
    has: (target, key) => !hidden(key) && Reflect.has(target, key),
    getOwnPropertyDescriptor: (target, key) => (hidden(key) ? undefined : Reflect.getOwnPropertyDescriptor(target, key)),
    ownKeys: (target) => Reflect.ownKeys(target).filter((key) => !hidden(key)),
    defineProperty: (target, key, descriptor) => !hidden(key) && Reflect.defineProperty(target, key, descriptor),
    deleteProperty: (target, key) => !hidden(key) && Reflect.deleteProperty(target, key),
    set: (target, key, value, receiver) => !hidden(key) && Reflect.set(target, key, value, receiver),
  });
  Object.defineProperty(proto, "constructor", { value: exported, writable: true, enumerable: false, configurable: true });
  return exported;
}
