// The core (VitrineCore: the UIKit model and the compositor) and, through it, the seams are
// part of what `import Vitrine` gives an app: one import for the whole UIKit-like API.
@_exported import VitrineCore
